import Foundation
import Testing

/// A file's lines split on LF only, so that a CR stays part of its line. (String splitting works
/// on characters, and "\r\n" is one character, so this splits the scalars.)
func rawLines(_ text: String) -> [String] {
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
}

@Suite("set")
struct SetTests {
    @Test("set mood_after=9 changes only the mood_after line and updated",
          arguments: [
            "sessions/2024/2024-12-10-psilocybin.md",  // canonical
            "sessions/2024/2024-08-30-psilocybin.md",  // block-style tags
            "sessions/2025/2025-01-18-dmt.md",         // CRLF line endings
            "sessions/2024/2024-11-02-mescaline.md",   // keys in a hand-made order
            "sessions/2025/2025-08-16-cannabis-2.md",  // no mood_after yet
          ])
    func moodAfterTouchesOneLine(path: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let before = try sandbox.readText(vault + "/" + path)
            try #require(frontMatterValue(before, "mood_after") != "9")
            let crlf = before.contains("\r\n")
            let result = try sandbox.run(["set", path, "mood_after=9"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stdout == "Updated \(path): mood_after\n")
            #expect(result.stderr == "")
            let after = try sandbox.readText(vault + "/" + path)

            let old = rawLines(before), new = rawLines(after)
            func isChangeable(_ line: String) -> Bool { line.hasPrefix("mood_after:") || line.hasPrefix("updated:") }
            #expect(old.filter { !isChangeable($0) } == new.filter { !isChangeable($0) }, "every other line is identical")

            let ending = crlf ? "\r" : ""
            let moodLine = try #require(new.firstIndex(of: "mood_after: 9" + ending), "a canonical mood_after line")
            #expect(new.filter { $0.hasPrefix("mood_after:") }.count == 1)
            if let oldMood = old.firstIndex(where: { $0.hasPrefix("mood_after:") }) {
                #expect(moodLine == oldMood, "changed where it stands")
                #expect(old.count == new.count)
            } else {
                let moodBefore = try #require(new.firstIndex { $0.hasPrefix("mood_before:") })
                #expect(moodLine == moodBefore + 1, "a new key goes after the key that precedes it")
                #expect(new.count == old.count + 1)
            }
            let oldUpdated = try #require(old.firstIndex { $0.hasPrefix("updated:") })
            let newUpdated = try #require(new.firstIndex { $0.hasPrefix("updated:") })
            #expect(oldUpdated == newUpdated || !old.contains { $0.hasPrefix("mood_after:") } && newUpdated == oldUpdated + 1)
            #expect(old[oldUpdated] != new[newUpdated], "updated is bumped")
            let stamp = try #require(frontMatterValue(after, "updated"))
            let instant = try #require(parseISODate(stamp), "updated is a canonical date: \(stamp)")
            #expect(abs(instant.timeIntervalSinceNow) < 600)
            #expect(stamp.hasSuffix("-08:00") || stamp.hasSuffix("-07:00"), "in the vault's zone: \(stamp)")
            if crlf {
                #expect(!after.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF everywhere")
            }
            expectStatus(try sandbox.run(["check"], directory: vault), 0)
        }
    }

    @Test("an invalid value exits 64 with the 1-to-10 message and leaves the file byte-identical",
          arguments: [["mood_before=eleven"], ["mood_after=3", "mood_before=eleven"], ["mood_before=0"]])
    func invalidMood(assignments: [String]) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = "sessions/2024/2024-12-10-psilocybin.md"
            let before = try sandbox.read(vault + "/" + path)
            let result = try sandbox.run(["set", "2024-12-10"] + assignments, directory: vault)
            expectStatus(result, 64)
            let value = assignments.last!.split(separator: "=", maxSplits: 1).last.map(String.init) ?? ""
            #expect(result.stderr.contains("mood_before must be a whole number from 1 to 10, found \"\(value)\""), "\(result)")
            #expect(result.stdout == "")
            #expect(try sandbox.read(vault + "/" + path) == before)
        }
    }

    @Test("keys afterflow keeps itself are refused (64) and nothing is written",
          arguments: [
            ("status=complete", "status is derived from the content; set intention, mood_before or reflections instead"),
            ("id=6F1C2A8E-5B3D-4C1A-9F0E-2D7B8C9A1E34", "id is a session's identity and never changes"),
            ("updated=2024-01-01", "updated is kept by afterflow itself"),
            ("created=2024-01-01", "created is kept by afterflow itself"),
            ("treatment=aspirin", "treatment must be one of psilocybin, lsd, dmt, mdma, ketamine, ayahuasca, mescaline, cannabis, other, esketamine, 5-meo-dmt, ibogaine, psilocybin-truffles, 2c-b, found \"aspirin\"; write one of them, or add it to treatments in .afterflow/config.yml"),
            ("date=", "date cannot be empty"),
            ("date=tomorrow", "date must be a date like 2024-12-10T14:30:00-08:00, 2024-12-10 14:30 or 2024-12-10, found \"tomorrow\""),
            ("9lives=yes", "'9lives' is not a key afterflow can write"),
            ("reflections=ok\n## Oops", "reflections cannot contain a line that is a heading of level 1 or 2"),
          ])
    func refused(assignment: String, message: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = "sessions/2025/2025-10-04-ketamine.md"
            let before = try sandbox.read(vault + "/" + path)
            let result = try sandbox.run(["set", path, assignment], directory: vault)
            expectStatus(result, 64)
            #expect(result.stderr.contains(message), "\(result)")
            #expect(try sandbox.read(vault + "/" + path) == before)
        }
    }

    @Test("reflections on a session that needs them make it complete and remove its reminder")
    func reflectionsComplete() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let candidates = try sessionFacts(in: vault).filter { fact in
                fact.derivedStatus == "needs-reflection"
                    && (try? sandbox.readText(vault + "/" + fact.path)).flatMap { frontMatterValue($0, "reminder") } != nil
            }
            let path = try #require(candidates.map(\.path).sorted().first, "a session that needs reflection and has a reminder")
            let before = try sandbox.readText(vault + "/" + path)

            let result = try sandbox.run(["set", path, "reflections=Felt lighter.\nSlept well."], directory: vault)
            expectStatus(result, 0)
            #expect(result.stdout == "Updated \(path): reflections · needs reflection → complete\n")
            let after = try sandbox.readText(vault + "/" + path)
            #expect(frontMatterValue(after, "status") == "complete")
            #expect(frontMatterValue(after, "reminder") == nil, "the reminder is gone")
            #expect(frontMatterValue(after, "updated") != frontMatterValue(before, "updated"))
            #expect(bodySections(after)["reflections"]?.trimmingCharacters(in: .whitespacesAndNewlines) == "Felt lighter.\nSlept well.")
            // Every other front matter line and everything above the reflections stays as it was.
            func stable(_ text: String) -> [String] {
                frontMatterLines(text).filter { !$0.hasPrefix("status:") && !$0.hasPrefix("reminder:") && !$0.hasPrefix("updated:") }
            }
            #expect(stable(before) == stable(after))
            let head = { (text: String) in text.components(separatedBy: "\n## Reflections").first ?? "" }
            #expect(head(before).components(separatedBy: "\n---\n").last == head(after).components(separatedBy: "\n---\n").last)

            // Taking the reflections away (--replace: they hold text) makes it need them again; the
            // reminder stays gone.
            let undo = try sandbox.run(["set", path, "reflections=", "--replace"], directory: vault)
            expectStatus(undo, 0)
            #expect(undo.stdout == "Updated \(path): reflections · complete → needs reflection\nThe text replaced is in the trash; bring it back with: afterflow undo\n")
            let again = try sandbox.readText(vault + "/" + path)
            #expect(frontMatterValue(again, "status") == "needs-reflection")
            #expect(frontMatterValue(again, "reminder") == nil)
        }
    }

    @Test("an empty value removes an optional key; a key of your own is added; the same value changes nothing")
    func removeAddAndNoop() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = "sessions/2024/2024-12-10-psilocybin.md"
            let result = try sandbox.run(["set", "F92D", "mood_after=", "dose=", "facilitator=Maya", "tags=calm, home"], directory: vault)
            expectStatus(result, 0)
            #expect(result.stdout == "Updated \(path): mood_after, dose, facilitator, tags\n")
            let text = try sandbox.readText(vault + "/" + path)
            #expect(frontMatterValue(text, "mood_after") == nil)
            #expect(frontMatterValue(text, "dose") == nil)
            #expect(frontMatterValue(text, "facilitator") == "Maya")
            #expect(frontMatterValue(text, "tags") == "[calm, home]")
            expectStatus(try sandbox.run(["check"], directory: vault), 0)

            let bytes = try sandbox.read(vault + "/" + path)
            let same = try sandbox.run(["set", "F92D", "mood_before=5"], directory: vault)
            expectStatus(same, 0)
            #expect(same.stdout == "Nothing changed in \(path).\n")
            #expect(try sandbox.read(vault + "/" + path) == bytes, "not even updated changes")
        }
    }

    @Test("block-style tags stay block style")
    func blockTags() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = "sessions/2024/2024-08-30-psilocybin.md"
            let before = try sandbox.readText(vault + "/" + path)
            try #require(before.contains("tags:\n  - "))
            expectStatus(try sandbox.run(["set", path, "tags=grief,sea,dawn"], directory: vault), 0)
            let after = try sandbox.readText(vault + "/" + path)
            #expect(after.contains("\ntags:\n  - grief\n  - sea\n  - dawn\n"))
        }
    }

    @Test("set needs KEY=VALUE changes (64)",
          arguments: [([String](), "give at least one change, like mood_after=8"),
                      (["mood_after"], "\"mood_after\" is not KEY=VALUE")])
    func usage(assignments: [String], message: String) throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let result = try sandbox.run(["set", "2024-12-10"] + assignments, directory: vault)
            expectStatus(result, 64)
            #expect(result.stderr.contains(message), "\(result)")
        }
    }

    @Test("set on a file with errors writes nothing and exits 1")
    func fileWithErrors() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let path = "sessions/2024/2024-12-10-psilocybin.md"
            let broken = try sandbox.readText(vault + "/" + path).replacingOccurrences(of: "treatment: psilocybin", with: "treatment: aspirin")
            try sandbox.write(vault + "/" + path, broken)
            let result = try sandbox.run(["set", path, "mood_after=9"], directory: vault)
            expectStatus(result, 1)
            #expect(result.stderr.contains("\(path):4:12: error: treatment must be one of"))
            #expect(result.stderr.contains("error: \(path) has errors; nothing was written"))
            #expect(try sandbox.readText(vault + "/" + path) == broken)
        }
    }
}
