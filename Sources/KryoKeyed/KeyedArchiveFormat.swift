import KryoPlist

/// The byte layout of a keyed archive: a binary or an XML property list.
public typealias KeyedArchiveFormat = PropertyListFormat
