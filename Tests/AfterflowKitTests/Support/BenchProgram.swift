import Foundation

/// `afterflow-bench` (Benchmarks/Sources), built with the tests: its generators make the vaults
/// run.sh measures, for tests that need one of that shape.
enum BenchProgram {
    /// The program in the products folder beside the test bundle, if built.
    static var path: String? {
        var starts: [String] = []
        if let path = Bundle.main.executablePath { starts.append(path) }
        starts += Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }
        for start in starts {
            var directory = URL(fileURLWithPath: start).resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("afterflow-bench").path
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                directory.deleteLastPathComponent()
            }
        }
        return nil
    }
}
