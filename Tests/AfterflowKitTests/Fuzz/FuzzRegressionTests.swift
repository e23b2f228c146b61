@testable import AfterflowKit
import Foundation
import Testing

/// The fuzz targets' properties (Tests/Fuzz, `make fuzz`), checked without the sanitizers on every
/// input the fuzzer kept: each crash it ever found (Tests/Fuzz/Crashes/TARGET, a file per crash,
/// kept once the bug is fixed so that it stays fixed) and each corpus (Tests/Fuzz/Corpus/TARGET).
/// FuzzProperties.swift here is a link to the fuzz package's file, so both check the same thing.
@Suite struct FuzzRegressionTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz").standardizedFileURL

    static func files(_ folder: String, _ target: String) -> [URL] {
        let dir = fuzz.appendingPathComponent(folder).appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted().map { dir.appendingPathComponent($0) }
    }

    static func folders(_ folder: String) -> [String] {
        let dir = fuzz.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func everySavedCrashNowHoldsItsProperty(_ name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        for file in Self.files("Crashes", name) {
            let bytes = try [UInt8](Data(contentsOf: file))
            let violations = target.check(bytes)
            #expect(violations.isEmpty, "Tests/Fuzz/Crashes/\(name)/\(file.lastPathComponent): \(violations.joined(separator: "\n"))")
        }
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func everyCorpusInputHoldsItsProperty(_ name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let files = Self.files("Corpus", name)
        #expect(files.count >= 10, "Tests/Fuzz/Corpus/\(name) has \(files.count) inputs; seed it (Tests/Fuzz/seed.sh) and run make fuzz")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            let violations = target.check(bytes)
            #expect(violations.isEmpty, "Tests/Fuzz/Corpus/\(name)/\(file.lastPathComponent): \(violations.joined(separator: "\n"))")
        }
    }

    /// A folder of crashes or inputs for no target would never be replayed.
    @Test func everyFolderIsATargets() {
        let names = Set(FuzzTarget.all.map(\.name))
        for folder in ["Corpus", "Crashes"] {
            for name in Self.folders(folder) where !name.hasPrefix(".") {
                #expect(names.contains(name), "Tests/Fuzz/\(folder)/\(name) is not a fuzz target's (\(names.sorted()))")
            }
        }
        #expect(Set(Self.folders("Corpus")) == names, "every target has a corpus")
    }

    /// The properties catch what they are about: a document whose edit would touch other lines is
    /// told apart (checked here on a hand-made pair, as the library makes none).
    @Test func anEditThatTouchesOtherLinesIsAViolation() {
        let before = Document("---\na: 1\nb: 2\n---\nbody\n")
        var after = before.replacingLines(1..<2, with: ["a: 3"])
        #expect(FuzzProperties.onlyItsLines(before, after, "edit").isEmpty)
        after = Document("---\na: 3\nb: 9\n---\nbody\n")
        after.edits = [LineEdit(range: 1..<2, count: 1)]
        #expect(!FuzzProperties.onlyItsLines(before, after, "edit").isEmpty)
        #expect(!FuzzProperties.othersKept(before, after, except: "a", "edit").isEmpty)
    }
}
