import Foundation

/// `scrim_last_error`: the message of the last failing call, per thread.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// Records `message` for this thread (an empty one after a success) and returns `status`.
    static func set(_ message: String, _ status: Int32) -> Int32 {
        free(pthread_getspecific(key))
        pthread_setspecific(key, strdup(message))
        return status
    }

    static var current: UnsafePointer<CChar> {
        if let message = pthread_getspecific(key) { return UnsafePointer(message.assumingMemoryBound(to: CChar.self)) }
        return UnsafePointer(empty)
    }

    nonisolated(unsafe) private static let empty: UnsafeMutablePointer<CChar> = strdup("")!
}
