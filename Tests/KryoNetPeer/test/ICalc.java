package test;

/**
 * A remote interface with overloads, primitives, wrappers, arrays, Object and a default method,
 * for the RMI tests: ObjectSpace numbers its methods add(int,int) 0, add(long,long) 1, boxed 2,
 * concat 3, describe 4, flag 5, greet 6, half 7, names 8; hello is IGreeter's.
 */
public interface ICalc extends IGreeter {
    int add(int a, int b);

    long add(long a, long b);

    String concat(String a, String b);

    String describe(Object o);

    double half(int x);

    boolean flag();

    String[] names(String[] in);

    Integer boxed(Integer x);

    default String greet(String name) { return "hello " + name; }
}
