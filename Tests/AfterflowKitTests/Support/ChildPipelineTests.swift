@testable import AfterflowKit
import Foundation
import Testing

@Suite struct ChildPipelineTests {
    static let searchPath = "/usr/local/bin:/usr/bin:/bin"

    @Test("the first program's output is the second's input, and the second's is captured")
    func pipes() throws {
        let ended = try ChildPipeline(searchPath: Self.searchPath, environment: [:]).run(["printf", "abc"], ["tr", "a-z", "A-Z"], capture: true)
        #expect(String(decoding: ended.output, as: UTF8.self) == "ABC" && ended.first == 0 && ended.second == 0)
    }

    @Test("each program is told as it starts")
    func tellsStarts() throws {
        nonisolated(unsafe) var started: [Int32] = []
        _ = try ChildPipeline(searchPath: Self.searchPath, environment: [:], started: { started.append($0) }).run(["true"], ["cat"], capture: true)
        #expect(started.count == 2)
    }

    @Test("a program not on the search path cannot start, and says where it was looked for")
    func missingProgram() {
        #expect(throws: ChildProcess.LaunchFailure.self) {
            _ = try ChildPipeline(searchPath: "/nonexistent", environment: [:]).run(["tar", "-c"], ["cat"])
        }
    }
}
