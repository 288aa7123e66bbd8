#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One object per thread, kept between calls: what lets ``KryoCodec`` reuse a writer or reader
/// (and the tables in its state) instead of allocating them for every call.
///
/// The object is stored retained in a POSIX thread-specific slot and released when its thread
/// exits. Only the thread that stored an object ever sees it, so the objects need not be
/// thread-safe; a call that finds its thread's object in use (a codec called from inside a
/// serializer) makes a fresh one instead.
struct ThreadCache<Object: AnyObject>: Sendable {
    /// `nil` when the system had no thread-specific key left: nothing is cached then.
    private let key: pthread_key_t?

    init() {
        var key = pthread_key_t()
        #if canImport(Darwin)
            let created = pthread_key_create(&key) { raw in Unmanaged<AnyObject>.fromOpaque(raw).release() }
        #else
            let created = pthread_key_create(&key) { raw in
                if let raw { Unmanaged<AnyObject>.fromOpaque(raw).release() }
            }
        #endif
        self.key = created == 0 ? key : nil
    }

    /// This thread's object, if it stored one.
    @inline(__always) var object: Object? {
        guard let key, let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<Object>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Stores `object` as this thread's object (kept until the thread exits), when it has none.
    func store(_ object: Object) {
        guard let key, pthread_getspecific(key) == nil else { return }
        let raw = Unmanaged.passRetained(object).toOpaque()
        if pthread_setspecific(key, raw) != 0 { Unmanaged<Object>.fromOpaque(raw).release() }
    }
}
