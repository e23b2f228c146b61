@testable import AfterflowKit
import Foundation
import Testing

/// `FileIO.replace` against an editor that saves at each moment inside it (the hooks), the two
/// ways editors save: a new file renamed over the old one, or the old file rewritten in place.
@Suite struct FileIOReplaceRaceTests {
    enum Save: String, CaseIterable { case rename, inPlace }

    /// Saves `text` over `path` as an editor would.
    static func save(_ text: String, to path: String, _ style: Save) {
        let bytes = Array(text.utf8)
        switch style {
        case .rename:
            let temp = path + ".editor-swp"
            precondition(FileManager.default.createFile(atPath: temp, contents: Data(bytes)), "could not write \(temp)")
            rename(temp, path)
        case .inPlace:
            let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
    }

    func temporaryFiles(_ temp: TemporaryVault) -> [String] {
        temp.files(under: "").filter { $0.hasSuffix(".tmp") || $0.contains(".conflict") || $0.contains(".editor-swp") }
    }

    func expectRefused(_ body: () throws(VaultError) -> Void) {
        do {
            try body()
            Issue.record("expected the write to be refused")
        } catch {
            #expect(error.kind == .changedOnDisk, "\(error)")
        }
    }

    @Test("a save that lands after the new text is on disk is kept", arguments: Save.allCases, [true, false])
    func saveBeforeTheLastCheck(style: Save, exchange: Bool) throws {
        let temp = try TemporaryVault()
        try temp.write("a.md", "original\n")
        let path = temp.root + "/a.md"
        var hooks = FileIO.ReplaceHooks()
        hooks.beforeLastCheck = { Self.save("the editor's\n", to: path, style) }
        expectRefused { () throws(VaultError) in
            try FileIO.replace(path, expecting: Array("original\n".utf8), with: Array("ours\n".utf8), exchange: exchange, hooks: hooks)
        }
        #expect(try temp.read("a.md") == "the editor's\n")
        #expect(temporaryFiles(temp).isEmpty)
    }

    @Test("a save that lands between the last check and the rename is found in what the exchange swapped out",
          arguments: Save.allCases)
    func saveBeforeTheExchange(style: Save) throws {
        try #require(FileIO.renameNoReplace != nil, "renameat2 is there on Linux")
        let temp = try TemporaryVault()
        try temp.write("a.md", "original\n")
        let path = temp.root + "/a.md"
        var hooks = FileIO.ReplaceHooks()
        hooks.beforeCommit = { Self.save("the editor's\n", to: path, style) }
        expectRefused { () throws(VaultError) in
            try FileIO.replace(path, expecting: Array("original\n".utf8), with: Array("ours\n".utf8), exchange: true, hooks: hooks)
        }
        #expect(try temp.read("a.md") == "the editor's\n")
        #expect(temporaryFiles(temp).isEmpty)
    }

    @Test("a save that lands while the exchange is undone is the one left in place", arguments: Save.allCases)
    func saveDuringTheUndo(style: Save) throws {
        try #require(FileIO.renameNoReplace != nil, "renameat2 is there on Linux")
        let temp = try TemporaryVault()
        try temp.write("a.md", "original\n")
        let path = temp.root + "/a.md"
        var hooks = FileIO.ReplaceHooks()
        hooks.beforeCommit = { Self.save("the editor's first\n", to: path, .rename) }
        var rounds: [Int] = []
        hooks.beforeUndo = { round in
            rounds.append(round)
            if round == 1 { Self.save("the editor's second\n", to: path, style) }
        }
        expectRefused { () throws(VaultError) in
            try FileIO.replace(path, expecting: Array("original\n".utf8), with: Array("ours\n".utf8), exchange: true, hooks: hooks)
        }
        #expect(try temp.read("a.md") == "the editor's second\n")
        #expect(rounds == [1, 2], "the newer save went back in a second round")
        #expect(temporaryFiles(temp).isEmpty)
    }

    @Test("a save that lands after the exchange wins over ours, and nothing is left behind", arguments: Save.allCases)
    func saveAfterTheExchange(style: Save) throws {
        try #require(FileIO.renameNoReplace != nil, "renameat2 is there on Linux")
        let temp = try TemporaryVault()
        try temp.write("a.md", "original\n")
        let path = temp.root + "/a.md"
        var hooks = FileIO.ReplaceHooks()
        hooks.afterExchange = { Self.save("the editor's\n", to: path, style) }
        try FileIO.replace(path, expecting: Array("original\n".utf8), with: Array("ours\n".utf8), exchange: true, hooks: hooks)
        #expect(try temp.read("a.md") == "the editor's\n")
        #expect(temporaryFiles(temp).isEmpty)
    }

    @Test("an editor that opened the old file before the exchange and writes it after the comparison keeps its save")
    func inPlaceWriteThroughAnEarlierOpen() throws {
        try #require(FileIO.renameNoReplace != nil, "renameat2 is there on Linux")
        let temp = try TemporaryVault()
        try temp.write("a.md", "original\n")
        let path = temp.root + "/a.md"
        // The editor's open found the old file; its truncation and write come after the comparison.
        let editor = open(path, O_WRONLY | O_CLOEXEC)
        defer { close(editor) }
        var hooks = FileIO.ReplaceHooks()
        hooks.afterCompare = {
            let bytes = Array("the editor's\n".utf8)
            ftruncate(editor, 0)
            _ = bytes.withUnsafeBytes { pwrite(editor, $0.baseAddress, $0.count, 0) }
        }
        expectRefused { () throws(VaultError) in
            try FileIO.replace(path, expecting: Array("original\n".utf8), with: Array("ours\n".utf8), exchange: true, hooks: hooks)
        }
        #expect(try temp.read("a.md") == "the editor's\n")
        #expect(temporaryFiles(temp).isEmpty)
    }

    @Test("without interference the exchange writes the file and keeps its permissions", arguments: [true, false])
    func plainReplace(exchange: Bool) throws {
        let temp = try TemporaryVault()
        try temp.write("a.md", "original\n")
        let path = temp.root + "/a.md"
        chmod(path, 0o640)
        try FileIO.replace(path, expecting: Array("original\n".utf8), with: Array("ours\n".utf8), exchange: exchange, hooks: FileIO.ReplaceHooks())
        #expect(try temp.read("a.md") == "ours\n")
        #expect(try temp.mode("a.md") == 0o640)
        #expect(temporaryFiles(temp).isEmpty)
    }
}
