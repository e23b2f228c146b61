import Foundation

extension DaylioImport.Plan {
    /// The plan as `import daylio --format json` gives it: the file's `name`, the check-ins
    /// created (at `paths`, in order; none on a dry run) or that would be, the duplicates and the
    /// rows rejected, dates in `zone`.
    public func json(paths: [String], name: String, zone: TimeZone, dryRun: Bool) -> JSONValue {
        func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
        let created: [JSONValue] = self.ready.enumerated().map { index, ready in
            let values = ready.values
            var fields: [(String, JSONValue)] = []
            if index < paths.count { fields.append(("path", .string(paths[index]))) }
            fields += [("line", .int(ready.line)), ("date", .string(values.date.canonical(in: zone))), ("source_value", .string(ready.word)),
                       ("score", .int(values.score)), ("labels", strings(values.labels)),
                       ("suggested_labels", strings(values.suggestedLabels)), ("associations", strings(values.associations)),
                       ("tags", strings(values.tags)), ("notes", .string(values.notes))]
            return .object(fields)
        }
        let duplicates: [JSONValue] = self.duplicates.map { duplicate in
            .object([("line", .int(duplicate.line)), ("date", .string(duplicate.date.resolved(in: zone).canonical(in: zone))),
                     ("source_value", .string(duplicate.word)), ("in", .string(duplicate.inFile ? "file" : "vault"))])
        }
        let problems: [JSONValue] = self.problems.map { problem in
            var fields: [(String, JSONValue)] = [("line", .int(problem.location.line)), ("column", .int(problem.location.column)),
                                                 ("field", problem.column.map { .string($0) } ?? .null), ("message", .string(problem.message))]
            // A backup's entry: `line` is its place in dayEntries, `entry` its date and id.
            if let entry = problem.entry { fields.append(("entry", .string(entry))) }
            return .object(fields)
        }
        return .object([("file", .string(name)), ("dry_run", .bool(dryRun)), ("rows", .int(rows)),
                        (dryRun ? "would_create" : "created", .array(created)), ("duplicates", .array(duplicates)),
                        ("rejected", .array(problems))])
    }
}
