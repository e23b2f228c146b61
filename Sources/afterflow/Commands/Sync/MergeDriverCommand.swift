import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct MergeDriverCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge-driver",
            abstract: "Merge two versions of a vault document (git runs this; see 'afterflow git setup').",
            discussion: """
                Git's merge driver for *.md: git gives the common ancestor (%O), this machine's version (%A, where the result is written) and the other version (%B). Front-matter keys merge one by one (updated takes the later time, a session's status is derived again), reflections and trial lines from both sides are all kept in time order, other sections merge by lines. The same key changed differently on both sides, or the same lines of a section, stay as a conflict between <<<<<<< and >>>>>>> lines, which 'afterflow check' reports. Exits 0 when the merge is clean, 1 when conflicts remain.

                Set up by 'afterflow git setup', which configures git to run it.

                Examples:
                  afterflow merge-driver %O %A %B %P       as git's merge.afterflow.driver
                  afterflow merge-driver base.md mine.md theirs.md sessions/2024/x.md
                """)

        @Argument(help: ArgumentHelp("The common ancestor's version (git's %O).", valueName: "base"))
        var base: String

        @Argument(help: ArgumentHelp("This side's version, replaced by the result (git's %A).", valueName: "ours"))
        var ours: String

        @Argument(help: ArgumentHelp("The other side's version (git's %B).", valueName: "theirs"))
        var theirs: String

        @Argument(help: ArgumentHelp("The file's path in the repository, for messages (git's %P).", valueName: "path"))
        var path: String?

        func run() throws {
            func read(_ file: String) throws -> [UInt8] {
                guard let data = FileManager.default.contents(atPath: file) else {
                    report(VaultError(.io, "cannot read \(file)", details: ["Nothing was merged."]))
                    throw Exit.dataProblem
                }
                return Array(data)
            }
            let result = DocumentMerge.merge(base: try read(base), ours: try read(ours), theirs: try read(theirs))
            do {
                try Data(result.bytes).write(to: URL(fileURLWithPath: ours))
            } catch {
                report(VaultError(.io, "cannot write the merged file \(ours): \(error.localizedDescription)"))
                throw Exit.dataProblem
            }
            guard result.conflicts > 0 else { return }
            let name = path ?? ours
            let err = ErrorStream.current
            err.write("\(name): \(result.conflicts) conflict\(result.conflicts == 1 ? "" : "s") left between <<<<<<< and >>>>>>> lines; keep the version you want, delete the marker lines, then 'afterflow check'")
            throw Exit.dataProblem
        }
    }
}
