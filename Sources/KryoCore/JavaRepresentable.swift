/// A Swift type that has a Java counterpart and a serializer without being registered: the
/// registry's "default serializer by kind".
///
/// The library conforms the Swift types that map to Java's primitives, wrappers, `String`,
/// arrays, collections, maps and `Date`; ``Schematized`` types and ``JavaEnum`` types conform
/// through their schema and their cases.
public protocol JavaRepresentable {
    /// The Java binary class name (`java.util.ArrayList`, `[I`, `test.SampleBean`).
    static var javaClassName: String { get }
    /// The serializer used when a registration does not name one.
    static var defaultSerializer: AnySerializer { get }
    /// Whether Java treats the class as final (no class tag when a field declares it).
    static var isJavaFinal: Bool { get }
    /// Whether Java tracks references to values of the class (all but the eight wrappers).
    static var isReferenceTracked: Bool { get }
}

extension JavaRepresentable {
    public static var isJavaFinal: Bool { defaultSerializer.isFinal }
    public static var isReferenceTracked: Bool { true }
}

/// A type whose values are instances of several Java classes, one chosen by each value: Java's
/// `List.of(a, b)` is an `ImmutableCollections$List12`, `List.of(a, b, c)` a `$ListN`; a
/// `Charset` is a `sun.nio.cs.UTF_8` or an `ISO_8859_1`. Each of ``javaClassNames`` reads back as
/// the type, and a value is written as ``javaClassNameOfValue``.
public protocol JavaClassChosenByValue: JavaRepresentable, SendableMetatype {
    /// Every Java class a value of the type may be.
    static var javaClassNames: [String] { get }
    /// The Java class of this value.
    var javaClassNameOfValue: String { get }
    /// The serializer of values read as the Java class `name`. Defaults to ``JavaRepresentable/defaultSerializer``.
    static func defaultSerializer(forJavaClass name: String) -> AnySerializer
}

extension JavaClassChosenByValue {
    public static func defaultSerializer(forJavaClass name: String) -> AnySerializer { defaultSerializer }
}
