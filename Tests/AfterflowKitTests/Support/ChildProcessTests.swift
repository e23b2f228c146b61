@testable import AfterflowKit
import Foundation
import Testing

/// `ChildProcess`: finding a program on a search path passed in, and running it with its
/// arguments, environment, folder and streams, waiting or not, in the foreground or not.
@Suite struct ChildProcessTests {
    /// A fresh folder with `names` in it: executable scripts, or plain files when `executable` is false.
    private func folder(_ names: [String], executable: Bool = true) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("afterflow-child-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for name in names {
            FileManager.default.createFile(atPath: path + "/" + name, contents: Data("#!/bin/sh\n".utf8),
                                           attributes: [.posixPermissions: executable ? 0o700 : 0o600])
        }
        return path
    }

    @Test func findsTheFirstExecutableOnTheSearchPath() throws {
        let plain = try folder(["tool"], executable: false), first = try folder(["tool"]), second = try folder(["tool"])
        #expect(ChildProcess.find("tool", searchPath: "\(plain):\(first):\(second)") == first + "/tool")
    }

    @Test func skipsAnEmptyFolderWithoutACurrentFolder() throws {
        let only = try folder(["tool"])
        #expect(ChildProcess.candidates("tool", searchPath: ":\(only)") == [only + "/tool"])
    }

    @Test func takesAnEmptyOrRelativeFolderFromTheCurrentFolder() throws {
        #expect(ChildProcess.candidates("tool", searchPath: ":bin", currentFolder: "/home/me") == ["/home/me/tool", "/home/me/bin/tool"])
    }

    @Test func findsNothingWithoutASearchPath() {
        #expect(ChildProcess.find("sh", searchPath: nil) == nil)
    }

    @Test func passesArgumentsEnvironmentAndFolder() throws {
        let here = try folder([])
        let child = ChildProcess("/bin/sh", ["-c", "printf '%s|%s|%s' \"$1\" \"$GREETING\" \"$(pwd -P)\"", "sh", "an argument"],
                                 environment: ["GREETING": "hello"], directory: here)
        let output = try child.runCapturing().output
        let real = URL(fileURLWithPath: here).resolvingSymlinksInPath().path
        #expect(String(decoding: output, as: UTF8.self) == "an argument|hello|\(real)")
    }

    @Test func reportsTheExitStatus() throws {
        #expect(try ChildProcess("/bin/sh", ["-c", "exit 3"]).run() == .exited(3))
    }

    @Test func reportsTheSignalThatEndedIt() throws {
        #expect(try ChildProcess("/bin/sh", ["-c", "kill -KILL $$"]).run() == .signaled(SIGKILL))
    }

    @Test func failsToLaunchAMissingProgram() {
        #expect(throws: ChildProcess.LaunchFailure.self) { try ChildProcess("/nonexistent/afterflow-child-test").run() }
    }

    @Test func mergesStandardErrorIntoTheOutputWhenAsked() throws {
        let child = ChildProcess("/bin/sh", ["-c", "printf out; printf err >&2"])
        #expect(String(decoding: try child.runCapturing(mergingErrors: true).output, as: UTF8.self) == "outerr")
    }

    @Test func readsAFileAsItsInput() throws {
        let file = try folder([]) + "/input"
        FileManager.default.createFile(atPath: file, contents: Data("from the file".utf8))
        let handle = try #require(FileHandle(forReadingAtPath: file))
        let output = try ChildProcess("/bin/cat", input: .file(handle)).runCapturing().output
        #expect(String(decoding: output, as: UTF8.self) == "from the file")
    }

    @Test func startsAndReturnsWhileItRuns() throws {
        let input = Pipe(), output = Pipe()
        let running = try ChildProcess("/bin/cat", input: .pipe(input), output: .pipe(output)).start()
        // cat is still waiting for its input, which only this test can end.
        let wasRunning = running.isRunning
        input.fileHandleForWriting.write(Data("piped".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect([wasRunning ? "running" : "ended", text, "\(running.wait())"] == ["running", "piped", "exited(0)"])
    }

    @Test func runsInTheForegroundWithDescriptorsForItsStreams() throws {
        let input = Pipe(), output = Pipe()
        input.fileHandleForWriting.write(Data("through".utf8))
        try input.fileHandleForWriting.close()
        let ended = try ChildProcess.runInForeground("/bin/sh", ["-c", "cat; exit 5"], environment: [:],
                                                     input: input.fileHandleForReading.fileDescriptor,
                                                     output: output.fileHandleForWriting.fileDescriptor)
        try output.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect([text, "\(ended)"] == ["through", "exited(5)"])
    }

    /// The descriptors a program started with `ChildProcess` holds, from /proc (Linux).
    private func descriptorsOfAChild(inForeground: Bool) throws -> [String] {
        let output = Pipe()
        let list = "ls /proc/$$/fd"
        if inForeground {
            _ = try ChildProcess.runInForeground("/bin/sh", ["-c", list], environment: [:],
                                                 output: output.fileHandleForWriting.fileDescriptor)
            try output.fileHandleForWriting.close()
        } else {
            _ = try ChildProcess("/bin/sh", ["-c", list], input: .null, output: .pipe(output), error: .null).start().wait()
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n").map(String.init).sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }
    }

    /// A pipe made as Foundation makes them (without close-on-exec) while a program starts, as
    /// another test on another thread does, is not the program's: only its three streams are
    /// (and the folder ls reads). Foundation's `Process` let such a pipe through when it was made
    /// after it listed the open descriptors, and a reader of the pipe then waited for a stranger.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc"),
          arguments: [false, true])
    func aProgramHoldsOnlyItsThreeStreams(inForeground: Bool) throws {
        let stranger = Pipe()
        let ends = [stranger.fileHandleForReading.fileDescriptor, stranger.fileHandleForWriting.fileDescriptor]
        #expect(ends.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC == 0 })
        let held = try descriptorsOfAChild(inForeground: inForeground)
        #expect(held.filter { Int($0)! > 2 }.count <= 1 && !held.contains(String(ends[0])) && !held.contains(String(ends[1])),
                "the program held \(held)")
        #expect(held.prefix(3) == ["0", "1", "2"])
    }

    @Test func waitsWithATimeLimit() throws {
        let running = try ChildProcess("/bin/sleep", ["5"], input: .null, output: .null, error: .null).start()
        #expect(running.wait(seconds: 0.2) == nil && running.isRunning)
        running.send(SIGKILL)
        #expect(running.wait(seconds: 10) == .signaled(SIGKILL) && !running.isRunning)
    }

    /// Foundation's `Process` lets a program inherit descriptors made on other threads (see
    /// `aProgramHoldsOnlyItsThreeStreams`), which once hung the whole test run: nothing in the
    /// package starts one, neither afterflow nor a test (tests use `TestProgram` or `ChildProcess`).
    @Test func nothingStartsAProgramThroughFoundationsProcess() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        var found: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder).path
            for relative in FileManager.default.subpaths(atPath: base) ?? [] where relative.hasSuffix(".swift") {
                let text = (try? String(contentsOfFile: base + "/" + relative, encoding: .utf8)) ?? ""
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where Self.makesAFoundationProcess(line) {
                    found.append("\(folder)/\(relative):\(number + 1)")
                }
            }
        }
        #expect(found.isEmpty, "start it with ChildProcess (or TestProgram in a test): \(found)")
    }

    /// Whether `line` calls `Process()` (not a name that ends in it, nor the text in quotes or
    /// backquotes).
    static func makesAFoundationProcess(_ line: Substring) -> Bool {
        let text = String(line)
        return call.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private static let call = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_"`])Process\(\)"#)

    @Test func seesACallOfProcessButNotANameEndingInIt() {
        // Put together, so that this file holds no such call itself.
        let call = "Pro" + "cess()"
        #expect(Self.makesAFoundationProcess("        let process = \(call)"))
        #expect(Self.makesAFoundationProcess("x = Foundation.\(call)"))
        #expect(!Self.makesAFoundationProcess("    @Test func startsAProgramThroughFoundations\(call) {"))
        #expect(!Self.makesAFoundationProcess("    #expect(text.contains(\"\(call)\"))"))
    }
}
