package test;

public enum SampleEnum {
    FIRST, SECOND, THIRD
}
