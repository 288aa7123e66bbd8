package test;

/** The interface test.ICalc extends: its method is numbered among its own, called as its own. */
public interface IGreeter {
    String hello(String name);
}
