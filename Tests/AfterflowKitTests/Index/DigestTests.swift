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
        #expect(IndexStore.digest(files) == IndexStore.digest(files.shuffled()))
    }

    @Test("a new time, a new size, a renamed, added or removed file, or two files trading times each change it")
    func changes() {
        let base = IndexStore.digest(files)
        var touched = files
        touched[7].modified += 1
        var resized = files
        resized[7].size += 1
        var renamed = files
        renamed[7].path = "sessions/2010/file-7b.md"
        var traded = files
        (traded[3].modified, traded[4].modified) = (traded[4].modified, traded[3].modified)
        let variants = [touched, resized, renamed, traded, files + [ScannedFile(path: "a.md", size: 1, modified: 1)], Array(files.dropLast())]
        for variant in variants { #expect(IndexStore.digest(variant) != base) }
        #expect(Set(variants.map(IndexStore.digest)).count == variants.count)
    }
}
