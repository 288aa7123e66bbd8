// The protocol facts without the network (FrameworkMessage, KryoNetSerialization, the TCP frame
// and the capture inspector) live in KryoNetProtocol; `import KryoNet` brings them along.
@_exported import KryoNetProtocol
