// The framework messages described as KryoNet's users know them: the simple name of the Java
// class, then each field as `name=value` (the form the tests' Java endpoint prints).

extension FrameworkMessage.RegisterTCP: CustomStringConvertible {
    /// `RegisterTCP connectionID=3`.
    public var description: String { "RegisterTCP connectionID=\(connectionID)" }
}

extension FrameworkMessage.RegisterUDP: CustomStringConvertible {
    /// `RegisterUDP connectionID=3`.
    public var description: String { "RegisterUDP connectionID=\(connectionID)" }
}

extension FrameworkMessage.KeepAlive: CustomStringConvertible {
    /// `KeepAlive`.
    public var description: String { "KeepAlive" }
}

extension FrameworkMessage.DiscoverHost: CustomStringConvertible {
    /// `DiscoverHost`.
    public var description: String { "DiscoverHost" }
}

extension FrameworkMessage.Ping: CustomStringConvertible {
    /// `Ping id=1 isReply=false`.
    public var description: String { "Ping id=\(id) isReply=\(isReply)" }
}
