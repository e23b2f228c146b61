import struct AfterflowKit.ChildProcess
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The inode of a file: the same before and after an append in place, new after a rename over it.
func inode(_ path: String) throws -> UInt64 {
    var info = stat()
    guard stat(path, &info) == 0 else { throw CLIError(description: "cannot stat \(path)") }
    return UInt64(info.st_ino)
}

/// `afterflow trial` adds one line and nothing else: a pure append when `## Trials` is the
/// file's last section, an insertion after the last trial otherwise, never a lost line (#11).
@Suite("trial appends durably")
struct TrialAppendTests {
    static let session = "clients/maya-t/sessions/2025/2025-03-25-1500.md"
    static let now = practiceAt("2025-03-25T15:30:00-07:00")

    @Test("each trial grows the file by exactly its line, keeps every byte before it, and the vault stays clean")
    func pureAppend() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.initVault("vault", timeZone: "America/Los_Angeles")
            let at = practiceAt("2025-04-01T15:00:00-07:00")
            expectStatus(try sandbox.run(["client", "add", "Maya Thompson"], directory: vault, environment: at), 0)
            expectStatus(try sandbox.run(["goal", "add", "maya-t", "Produce /s/", "--short", "s-initial"], directory: vault, environment: at), 0)
            let start = try sandbox.run(["trials", "start", "maya-t"], directory: vault, environment: at)
            expectStatus(start, 0)
            let file = vault + "/" + start.stdout.trimmingCharacters(in: .newlines)
            var before = try sandbox.read(file)
            let node = try inode(file)
            let lines = [
                (["+", "--at", "15:00:01"], "- 15:00:01 s-initial + independent"),
                (["-", "--cue", "2", "--at", "15:00:02", "--note", "close; /θ/"], "- 15:00:02 s-initial - minimal  close; /θ/"),
                (["+", "--cue", "maximal", "--at", "15:00:03", "--note", "  spaces around  "], "- 15:00:03 s-initial + maximal  spaces around"),
                (["s", "--at", "23:59:59"], "- 23:59:59 s-initial + independent"),
            ]
            for (arguments, line) in lines {
                let result = try sandbox.run(["trial", "maya-t", "s-initial"] + arguments, directory: vault, environment: at)
                expectStatus(result, 0)
                let after = try sandbox.read(file)
                #expect(after.count == before.count + line.utf8.count + 1, "grew by exactly '\(line)\\n': \(result)")
                #expect(after.prefix(before.count) == before, "every byte before it is kept")
                #expect(String(decoding: after.suffix(line.utf8.count + 1), as: UTF8.self) == line + "\n")
                #expect(try inode(file) == node, "appended in place, not written anew and renamed")
                let check = try sandbox.run(["check"], directory: vault)
                expectStatus(check, 0)
                before = after
            }
        }
    }

    @Test("a file whose last trial line has no line feed gets one before the new line")
    func noFinalNewline() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let file = vault + "/" + Self.session
            var text = try sandbox.readText(file)
            while text.hasSuffix("\n") { text.removeLast() }
            try sandbox.write(file, text)
            let result = try sandbox.run(["trial", "--session", Self.session, Self.session, "two-step", "+", "--at", "15:20:00"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            #expect(try sandbox.readText(file) == text + "\n- 15:20:00 two-step + minimal\n")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("a file with CRLF line ends gets a CRLF line")
    func crlf() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let file = vault + "/" + Self.session
            let text = try sandbox.readText(file).replacingOccurrences(of: "\n", with: "\r\n")
            try sandbox.write(file, text)
            let result = try sandbox.run(["trial", "--session", Self.session, Self.session, "two-step", "-", "--at", "15:20:00"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            #expect(try sandbox.readText(file) == text + "- 15:20:00 two-step - minimal\r\n")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("with a section after ## Trials (edited by hand), the trial goes after the last trial line and the rest is untouched")
    func sectionAfterTrials() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let file = vault + "/" + Self.session
            let original = try sandbox.readText(file)
            let tail = "\n## Observations\n\n- she asked for a break\n- 15:40:00 two-step + independent is not a trial here\n\nKeep this.\n"
            let edited = original + tail
            try sandbox.write(file, edited)
            let trialsBefore = trialFacts(edited)

            let result = try sandbox.run(["trial", "--session", Self.session, Self.session, "two-step", "-", "--note", "needed a repeat", "--at", "15:20:00"], directory: vault, environment: Self.now)
            expectStatus(result, 0)
            let after = try sandbox.readText(file)
            #expect(after == original + "- 15:20:00 two-step - minimal  needed a repeat\n" + tail, "\(after)")
            #expect(trialFacts(after).count == trialsBefore.count + 1)
            expectStatus(try sandbox.run(["check"], directory: vault), 0)

            // Blank lines after the last trial stay after the new one, before the next section.
            let spaced = original + "\n\n" + tail
            try sandbox.write(file, spaced)
            expectStatus(try sandbox.run(["trial", "--session", Self.session, Self.session, "s-initial", "+", "--at", "15:21:00"], directory: vault, environment: Self.now), 0)
            #expect(try sandbox.readText(file) == original + "- 15:21:00 s-initial + independent\n" + "\n\n" + tail)
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("an empty ## Trials before another section gets its first trial under the heading")
    func emptyTrialsBeforeSection() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let file = vault + "/" + Self.session
            let original = try sandbox.readText(file)
            let head = try #require(original.components(separatedBy: "## Trials\n").first)
            let text = head + "## Trials\n\n## Observations\n\nKeep this.\n"
            try sandbox.write(file, text)
            expectStatus(try sandbox.run(["trial", "--session", Self.session, Self.session, "two-step", "+", "--at", "15:20:00"], directory: vault, environment: Self.now), 0)
            let after = try sandbox.readText(file)
            #expect(after == head + "## Trials\n\n- 15:20:00 two-step + minimal\n\n## Observations\n\nKeep this.\n", "\(after)")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("a file with a code fence left open is refused (exit 1) and left byte for byte")
    func unclosedFence() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let file = vault + "/" + Self.session
            let text = try sandbox.readText(file) + "\n```\nstill open\n"
            try sandbox.write(file, text)
            let before = try sandbox.read(file)
            let result = try sandbox.run(["trial", "--session", Self.session, Self.session, "two-step", "+", "--at", "15:20:00"], directory: vault, environment: Self.now)
            expectStatus(result, 1)
            let fenceLine = practiceLines(text).firstIndex(of: "```")! + 1
            #expect(result.stderr.contains("\(Self.session):\(fenceLine)"), "names the fence's line: \(result)")
            #expect(result.stderr.contains("nothing was written"), "\(result)")
            #expect(try sandbox.read(file) == before)

            // Not a trial session at all: refused, untouched.
            let goal = vault + "/clients/maya-t/goals/two-step.md"
            let goalBefore = try sandbox.read(goal)
            let wrong = try sandbox.run(["trial", "clients/maya-t/goals/two-step.md", "two-step", "+"], directory: vault, environment: Self.now)
            expectStatus(wrong, 1)
            #expect(try sandbox.read(goal) == goalBefore)
        }
    }

    @Test("trials logged at the same time by several processes are all kept, once each")
    func concurrentTrials() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let file = vault + "/" + Self.session
            let original = try sandbox.readText(file)
            let times = (0..<8).map { String(format: "15:3%d:%02d", $0 / 6, ($0 % 6) * 10) }
            let results = try sandbox.runAll(times.map { ["trial", "--vault", vault, "--session", Self.session, Self.session, "s-initial", "+", "--at", $0] },
                                             environment: Self.now)
            for result in results { expectStatus(result, 0) }
            let after = try sandbox.readText(file)
            #expect(after.hasPrefix(original))
            let added = practiceLines(String(after.dropFirst(original.count)))
            #expect(added.sorted() == times.map { "- \($0) s-initial + independent" }.sorted(), "\(added)")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("another program appending to the file while trials are logged loses no line of either",
          .enabled(if: python3 != nil, "needs python3 to play the other writer"))
    func otherWriter() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let file = vault + "/" + Self.session
            let original = try sandbox.readText(file)
            // The other writer: appends trial lines of its own, one write(2) each, without the
            // vault's lock, from before the first trial until after the last.
            let stop = sandbox.path("stop")
            let writer = try ChildProcess(python3!, ["-c", """
                import os, sys, time
                fd = os.open(sys.argv[1], os.O_WRONLY | os.O_APPEND)
                def line(i):
                    os.write(fd, ('- 16:%02d:%02d two-step + independent  writer %d\\n' % (i // 60 % 60, i % 60, i)).encode())
                i = 0
                while i < 20 or not os.path.exists(sys.argv[2]):
                    line(i)
                    i += 1
                    time.sleep(0.003)
                line(i)  # one more once the trials are done
                os.close(fd)
                """, file, stop], input: .null).start()
            defer { writer.terminate() }
            // Wait for its first line, so that the two overlap.
            let deadline = Date().addingTimeInterval(10)
            while try sandbox.readText(file) == original, Date() < deadline { usleep(2_000) }
            var ours: [String] = []
            var refused = 0
            for i in 0..<15 {
                let time = String(format: "17:40:%02d", i)  // after the writer's 16:MM:SS lines: appended, as a live session does
                let result = try sandbox.run(["trial", "--session", Self.session, Self.session, "s-initial", "-", "--at", time], directory: vault, environment: Self.now)
                if result.status == 0 {
                    ours.append("- \(time) s-initial - independent")
                } else {
                    // Refusing is allowed (the file changed under it); writing half a line is not.
                    expectStatus(result, 1)
                    #expect(result.stderr.contains("changed on disk"), "\(result)")
                    refused += 1
                }
            }
            try sandbox.write(stop, "")
            #expect(writer.wait(seconds: 60) == .exited(0))
            let after = try sandbox.readText(file)
            #expect(after.hasPrefix(original))
            let added = practiceLines(String(after.dropFirst(original.count)))
            let theirs = added.filter { $0.contains("writer") }
            #expect(theirs.count >= 20)
            #expect(theirs == theirs.indices.map { String(format: "- 16:%02d:%02d two-step + independent  writer %d", $0 / 60 % 60, $0 % 60, $0) },
                    "every line of the other writer, in its order, whole")
            #expect(added.filter { !$0.contains("writer") } == ours, "every trial that succeeded, once, whole (\(refused) refused)")
            #expect(added.count == theirs.count + ours.count)
            // The two really overlapped: the writer's lines are on both sides of ours.
            if let first = added.firstIndex(where: { !$0.contains("writer") }), let last = added.lastIndex(where: { !$0.contains("writer") }) {
                #expect(first > 0 && last < added.count - 1, "the writer ran before and after the trials")
            }
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }
}
