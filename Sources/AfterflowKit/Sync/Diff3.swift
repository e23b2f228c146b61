/// A three-way merge of lines, as `diff3 -m` does it: where only one side changed a stretch of the
/// common ancestor, that side's lines are taken; where both changed it differently, the stretch is
/// written as a conflict between git-style markers.
///
/// Lines are compared without their terminators.
enum Diff3 {
    typealias Line = [UInt8]

    static let oursMarker = Array("<<<<<<< ours".utf8)
    static let separatorMarker = Array("=======".utf8)
    static let theirsMarker = Array(">>>>>>> theirs".utf8)

    struct Output: Equatable {
        var lines: [Line]
        var conflicts: Int
    }

    /// The conflict block for two versions of one stretch.
    static func conflict(ours: [Line], theirs: [Line]) -> [Line] {
        [oursMarker] + ours + [separatorMarker] + theirs + [theirsMarker]
    }

    static func merge(base: [Line], ours: [Line], theirs: [Line]) -> Output {
        if ours == theirs { return Output(lines: ours, conflicts: 0) }
        if ours == base { return Output(lines: theirs, conflicts: 0) }
        if theirs == base { return Output(lines: ours, conflicts: 0) }
        let toOurs = matches(base, ours)
        let toTheirs = matches(base, theirs)
        var out: [Line] = []
        var conflicts = 0
        var i = 0, j = 0, k = 0
        while i < base.count || j < ours.count || k < theirs.count {
            if i < base.count, toOurs[i] == j, toTheirs[i] == k {
                out.append(base[i])
                i += 1; j += 1; k += 1
                continue
            }
            // The next base line both sides kept ends the unstable stretch.
            var b = i
            while b < base.count, toOurs[b] == nil || toTheirs[b] == nil { b += 1 }
            let oEnd = b < base.count ? toOurs[b]! : ours.count
            let tEnd = b < base.count ? toTheirs[b]! : theirs.count
            let baseChunk = Array(base[i..<b])
            let oursChunk = Array(ours[j..<oEnd])
            let theirsChunk = Array(theirs[k..<tEnd])
            if oursChunk == theirsChunk || theirsChunk == baseChunk {
                out += oursChunk
            } else if oursChunk == baseChunk {
                out += theirsChunk
            } else {
                out += conflict(ours: oursChunk, theirs: theirsChunk)
                conflicts += 1
            }
            i = b; j = oEnd; k = tEnd
        }
        return Output(lines: out, conflicts: conflicts)
    }

    /// For each line of `a`, the index of the line of `b` it is matched with in a longest common
    /// subsequence, or nil.
    static let maxTableCells = 4_000_000

    static func matches(_ a: [Line], _ b: [Line]) -> [Int?] {
        var result = [Int?](repeating: nil, count: a.count)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] {
            result[prefix] = prefix
            prefix += 1
        }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            result[a.count - 1 - suffix] = b.count - 1 - suffix
            suffix += 1
        }
        let aMid = Array(a[prefix..<(a.count - suffix)])
        let bMid = Array(b[prefix..<(b.count - suffix)])
        // Past a few million cells the table would cost too much memory: the middles are then one
        // changed stretch (a conflict when both sides changed it, never a lost line).
        guard !aMid.isEmpty, !bMid.isEmpty, aMid.count * bMid.count <= maxTableCells else { return result }
        // Lines as numbers, so that the table compares integers.
        var ids: [Line: Int] = [:]
        let x = aMid.map { line in ids[line] ?? { let id = ids.count; ids[line] = id; return id }() }
        let y = bMid.map { line in ids[line] ?? { let id = ids.count; ids[line] = id; return id }() }
        let n = x.count, m = y.count
        // table[p][q]: the LCS length of x[p...] and y[q...].
        var table = [Int](repeating: 0, count: (n + 1) * (m + 1))
        for p in stride(from: n - 1, through: 0, by: -1) {
            for q in stride(from: m - 1, through: 0, by: -1) {
                table[p * (m + 1) + q] = x[p] == y[q]
                    ? table[(p + 1) * (m + 1) + q + 1] + 1
                    : max(table[(p + 1) * (m + 1) + q], table[p * (m + 1) + q + 1])
            }
        }
        var p = 0, q = 0
        while p < n, q < m {
            if x[p] == y[q] {
                result[prefix + p] = prefix + q
                p += 1; q += 1
            } else if table[(p + 1) * (m + 1) + q] >= table[p * (m + 1) + q + 1] {
                p += 1
            } else {
                q += 1
            }
        }
        return result
    }
}
