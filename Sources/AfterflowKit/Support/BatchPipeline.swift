import Dispatch
import Foundation

/// Work done on every core in batches, taken in order by one consumer as each batch completes:
/// parsing overlaps with writing, and only a window of batches is held in memory.
///
/// Built on a condition variable rather than semaphores: a consumer that gives up (a failed write)
/// calls `cancel()`, the producers stop, and nothing traps when the pipeline is freed.
final class BatchPipeline<Output: Sendable>: @unchecked Sendable {
    let count: Int
    let batchSize: Int
    var batchCount: Int { (count + batchSize - 1) / batchSize }

    private let condition = NSCondition()
    private var slots: [[Output]?]
    /// Batches handed to the consumer so far.
    private var taken = 0
    private var cancelled = false
    /// Producers wait while they are this many batches ahead of the consumer.
    private let window = 8

    init(count: Int, batchSize: Int) {
        self.count = count
        self.batchSize = batchSize
        slots = Array(repeating: nil, count: (count + batchSize - 1) / batchSize)
    }

    /// Starts producing on a background queue: `work(i)` for every item.
    func start(_ work: @escaping @Sendable (Int) -> Output) {
        let batches = batchCount
        guard batches > 0 else { return }
        DispatchQueue.global(qos: .userInitiated).async {
            DispatchQueue.concurrentPerform(iterations: batches) { batch in
                self.condition.lock()
                while !self.cancelled && batch >= self.taken + self.window { self.condition.wait() }
                let stop = self.cancelled
                self.condition.unlock()
                if stop { return }
                let range = (batch * self.batchSize)..<min(self.count, (batch + 1) * self.batchSize)
                let outputs = range.map(work)
                self.condition.lock()
                self.slots[batch] = outputs
                self.condition.broadcast()
                self.condition.unlock()
            }
        }
    }

    /// Waits for batch `index` and hands it over (batches must be taken in order).
    func take(_ index: Int) -> [Output] {
        condition.lock()
        defer { condition.unlock() }
        while slots[index] == nil && !cancelled { condition.wait() }
        let outputs = slots[index] ?? []
        slots[index] = nil
        taken = index + 1
        condition.broadcast()
        return outputs
    }

    /// Stops the producers; batches not yet made are never made.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
