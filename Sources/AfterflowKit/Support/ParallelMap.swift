import Dispatch
import Foundation

/// `map` on `cores` threads (the caller's core count: the library asks the system for none; 1
/// maps in place), in chunks of at least `minimumChunk` elements, results in order.
///
/// For pure work on values that are only read (the report's sessions): each chunk initialises its
/// own slots of one buffer, so no two threads touch the same memory and no array is shared.
enum ParallelMap {
    static func map<T, U>(_ items: [T], cores: Int, minimumChunk: Int, _ transform: (T) -> U) -> [U] {
        let cores = max(1, cores)
        let chunks = min(cores * 2, items.count / max(1, minimumChunk))
        guard chunks > 1 else { return items.map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            let job = Job(items: items, transform: transform)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                job.run(chunk, of: chunks)
            }
            return job.finish()
        }
    }

    private final class Job<T, U>: @unchecked Sendable {
        let items: [T]
        let transform: (T) -> U
        let slots: UnsafeMutablePointer<U>

        init(items: [T], transform: @escaping (T) -> U) {
            self.items = items
            self.transform = transform
            slots = UnsafeMutablePointer<U>.allocate(capacity: items.count)
        }

        func run(_ chunk: Int, of chunks: Int) {
            let start = items.count * chunk / chunks
            let end = items.count * (chunk + 1) / chunks
            for index in start..<end { (slots + index).initialize(to: transform(items[index])) }
        }

        /// The results, once every chunk has run; the buffer is freed.
        func finish() -> [U] {
            let results = Array(UnsafeBufferPointer(start: slots, count: items.count))
            slots.deinitialize(count: items.count)
            slots.deallocate()
            return results
        }
    }
}
