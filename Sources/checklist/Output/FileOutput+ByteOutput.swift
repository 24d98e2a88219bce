import ChecklistCore

extension FileOutput: ByteOutput {}
