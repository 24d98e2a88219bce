import ChecklistModel
import ChecklistSync

/// The merged fields (`MergedField`) as the server's sync reads and writes them: their
/// values as arrays of their types, their stamps in an item's `stamps`, and a copy's edits
/// with the server's list names.
extension PostgreSQLSync {
    /// The values of `field`, one a row, as the server's array of its type.
    static func array(of field: MergedField, _ values: [FieldValue]) -> PostgreSQLQuery {
        switch field.column.type {
        case .boolean:
            let truths = values.map { $0.bool == true ? "t" : "f" }.joined(separator: ",")
            return "\(text: "{" + truths + "}")::boolean[]"
        case .integer, .ids:
            return "\(ids: values.map { if case .integer(let n) = $0 { n } else { 0 } })"
        case .text:
            return "\(text: PostgreSQLChange.textArray(values.map { $0.text ?? "" }))::text[]"
        }
    }

    /// What an item made without `field` holds: a shown field's value by default (a quantity
    /// of 1), else the type's empty value (no edit of today's makes one without the others).
    static func unset(_ field: MergedField) -> FieldValue {
        if let shown = field.column.shown {
            return field.column.type == .text
                ? .text(shown.defaultText) : .integer(Int64(shown.defaultText) ?? 0)
        }
        return switch field.column.type {
        case .boolean: .bool(false)
        case .integer, .ids: .integer(0)
        case .text: .text("")
        }
    }
}

extension MergedField {
    /// The stamp of the field's last edit, as the server's item `i` keeps it (`stamps`,
    /// `migrations/postgresql/0012`): empty when it was never stamped.
    var stampRead: PostgreSQLQuery {
        "COALESCE(i.stamps -> \(text: name)::text ->> 'stamp', '') COLLATE \"C\""
    }

    /// The revision the field was last set at (0: before the server kept revisions).
    var revisionRead: PostgreSQLQuery {
        "COALESCE((i.stamps -> \(text: name)::text ->> 'revision')::bigint, 0)"
    }

    /// An UPDATE's assignment of `stamp` to the field (the trigger adds the revision).
    func stamping(_ stamp: Stamp) -> PostgreSQLQuery {
        """
        stamps = i.stamps || pg_catalog.jsonb_build_object(\(text: name)::text,
            pg_catalog.jsonb_build_object('stamp', \(text: stamp.text)::text))
        """
    }
}
