import ChecklistCore
import ChecklistModel
import ChecklistTransfer

extension FileOutput: ByteOutput {}
