/// Where the Codable bridge (the `KryoCodable` module) plugs into ``ValueConversion``: a Java map
/// or list read without a static type (a `HashMap` under a field declared `Object`), wanted as a
/// `Decodable` type, is decoded by the bridge.
///
/// The core does not know the bridge: `KryoCodable` conforms ``DecodableTarget`` to
/// ``DecodableConversion`` where `Target: Decodable`, and the core finds that conformance at run
/// time (``conversion``). Without `KryoCodable` linked (a program that imports `KryoCore` alone)
/// there is no conformance, and such a value converts to nothing, as to any other type it is not.
/// Only the conversions that fall through every other one ask, never the typed paths.
package protocol DecodableConversion {
    /// `value` (a decoded map or list) decoded as the target type, or `nil` when it does not decode.
    static func converted(_ value: Any) -> Any?

    /// Why `value` (a decoded map or list) does not decode as the target type; `nil` when it does.
    static func failure(_ value: Any) -> SerializationError?
}

/// The type a ``DecodableConversion`` decodes to: `KryoCodable` conforms it for every
/// `Decodable` target.
package enum DecodableTarget<Target> {
    /// The bridge's conversion to `Target`, when `KryoCodable` is linked and `Target` is
    /// `Decodable`, for `value` when it is a decoded map or list; `nil` otherwise.
    static func conversion(of value: Any) -> (any DecodableConversion.Type)? {
        guard value is any AnyEntriesExposing || value is any AnyElementsExposing else { return nil }
        return DecodableTarget<Target>.self as? any DecodableConversion.Type
    }
}
