/// A reader of a format that can hold a null where a Java primitive is declared (a readable
/// document's `"pages": null`): schema classes refuse it, since Java's `int` has no null, where a
/// hand-written serializer reads it as `0`.
package protocol NullAwareReader {
    /// Whether the object being read holds an explicit null under `key`.
    func holdsNull(forKey key: String) -> Bool
}
