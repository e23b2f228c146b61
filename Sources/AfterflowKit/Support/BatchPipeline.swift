import Dispatch
import Foundation

/// Work done on every core in batches, taken in order by one consumer as each batch completes:
/// parsing overlaps with writing, and only the batches in flight are held in memory.
final class BatchPipeline<Output: Sendable>: @unchecked Sendable {
    let count: Int
    let batchSize: Int
    var batchCount: Int { (count + batchSize - 1) / batchSize }

    private var slots: [[Output]?]
    private let ready: [DispatchSemaphore]
    private let lock = NSLock()
    /// Producers wait when this many finished batches are not yet taken.
    private let window: DispatchSemaphore

    init(count: Int, batchSize: Int) {
        self.count = count
        self.batchSize = batchSize
        let batches = (count + batchSize - 1) / batchSize
        slots = Array(repeating: nil, count: batches)
        ready = (0..<batches).map { _ in DispatchSemaphore(value: 0) }
        window = DispatchSemaphore(value: 8)
    }

    /// Starts producing on a background queue: `work(i)` for every item.
    func start(_ work: @escaping @Sendable (Int) -> Output) {
        let batches = batchCount
        guard batches > 0 else { return }
        DispatchQueue.global(qos: .userInitiated).async {
            DispatchQueue.concurrentPerform(iterations: batches) { batch in
                self.window.wait()
                let range = (batch * self.batchSize)..<min(self.count, (batch + 1) * self.batchSize)
                let outputs = range.map(work)
                self.lock.lock()
                self.slots[batch] = outputs
                self.lock.unlock()
                self.ready[batch].signal()
            }
        }
    }

    /// Waits for batch `index` and hands it over (batches must be taken in order).
    func take(_ index: Int) -> [Output] {
        ready[index].wait()
        lock.lock()
        let outputs = slots[index] ?? []
        slots[index] = nil
        lock.unlock()
        window.signal()
        return outputs
    }
}
