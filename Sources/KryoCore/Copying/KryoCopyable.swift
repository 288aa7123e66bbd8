/// A type that copies itself for ``Registry/copy(_:options:)``, as a Java class implementing
/// Kryo's `KryoCopyable` does: whatever serializer writes it, a copy of one of its values is what
/// ``copy(with:)`` returns (unless that serializer implements ``Serializer/copy(_:with:)`` itself).
///
/// ```swift
/// final class Point: KryoSelfSerializing, KryoCopyable {
///     …
///     func copy(with copier: ValueCopier) throws -> Point {
///         let made = Point()
///         copier.reference(made)          // before copying fields that may lead back here
///         made.x = x
///         made.y = y
///         made.label = try copier.copy(label)
///         return made
///     }
/// }
/// ```
public protocol KryoCopyable {
    /// A copy of the value. Copy nested values through `copier` (``ValueCopier/copy(_:)->T``); a
    /// class calls ``ValueCopier/reference(_:)`` with the new instance before copying its fields,
    /// so that a cycle through it copies.
    func copy(with copier: ValueCopier) throws -> Self
}
