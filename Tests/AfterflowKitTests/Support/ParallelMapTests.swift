@testable import AfterflowKit
import Testing

/// `ParallelMap` runs on the threads its caller gives (issue 21, item 6): the library asks the
/// system for no core count.
@Suite struct ParallelMapTests {
    @Test("on four threads the results are those of a plain map, in order")
    func manyThreadsKeepOrder() {
        let items = Array(0..<1000)
        #expect(ParallelMap.map(items, cores: 4, minimumChunk: 8) { $0 * 3 + 1 } == items.map { $0 * 3 + 1 })
    }
}
