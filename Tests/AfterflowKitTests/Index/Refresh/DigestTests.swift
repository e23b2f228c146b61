@testable import AfterflowKit
import Testing

/// The fingerprint a refresh compares to know that nothing changed, without sorting the scan.
@Suite struct DigestTests {
    let files = (0..<50).map { i in
        ScannedFile(path: "sessions/20\(10 + i % 5)/file-\(i).md", size: Int64(1000 + i), modified: 1_700_000_000_000_000_000 + Int64(i) * 1_000)
    }

    @Test("the same files in any order give the same digest")
    func anyOrder() {
        #expect(IndexStore.digest(files) == IndexStore.digest(files.reversed()))
        var random = SeededRandom("DigestTests.anyOrder")
        #expect(IndexStore.digest(files) == IndexStore.digest(files.shuffled(using: &random)))
    }

    @Test("a new time, a new size, a renamed, added or removed file, or two files trading times each change it")
    func changes() {
        let base = IndexStore.digest(files)
        func replacing(_ index: Int, path: String? = nil, size: Int64? = nil, modified: Int64? = nil, in list: [ScannedFile]? = nil) -> [ScannedFile] {
            var copy = list ?? files
            let old = copy[index]
            copy[index] = ScannedFile(path: path ?? old.path, size: size ?? old.size, modified: modified ?? old.modified)
            return copy
        }
        let touched = replacing(7, modified: files[7].modified + 1)
        let resized = replacing(7, size: files[7].size + 1)
        let renamed = replacing(7, path: "sessions/2010/file-7b.md")
        let traded = replacing(4, modified: files[3].modified, in: replacing(3, modified: files[4].modified))
        let variants = [touched, resized, renamed, traded, files + [ScannedFile(path: "a.md", size: 1, modified: 1)], Array(files.dropLast())]
        for variant in variants { #expect(IndexStore.digest(variant) != base) }
        #expect(Set(variants.map(IndexStore.digest)).count == variants.count)
    }

    @Test("each folder's digest is the digest of its own files, whatever the order they come in")
    func folders() {
        let mixed = files + [
            ScannedFile(path: "top.md", size: 3, modified: 3),
            ScannedFile(path: "sessions/top-of-sessions.md", size: 4, modified: 4),
            ScannedFile(path: "sessions/2010/deeper/inside.md", size: 5, modified: 5),
            ScannedFile(path: "sessions/2010x/neighbour.md", size: 6, modified: 6),
        ]
        var random = SeededRandom("DigestTests.folders")
        for order in [mixed, mixed.reversed(), mixed.shuffled(using: &random)] {
            let digests = IndexStore.folderDigests(Array(order))
            let expected = Dictionary(grouping: mixed, by: { IndexStore.folder(of: $0.path) }).mapValues(IndexStore.digest)
            #expect(digests == expected)
            #expect(digests.keys.sorted() == ["", "sessions", "sessions/2010", "sessions/2010/deeper", "sessions/2010x", "sessions/2011",
                                              "sessions/2012", "sessions/2013", "sessions/2014"])
        }
    }
}
