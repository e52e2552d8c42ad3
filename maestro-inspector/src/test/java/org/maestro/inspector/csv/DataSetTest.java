package org.maestro.inspector.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A {@link DataSet} names its file and keeps the timestamp column to the writer. */
class DataSetTest {

    @Test
    void timestampIsNotADataColumn() {
        assertThrows(IllegalArgumentException.class, () -> DataSet.of("bad", "timestamp", "value"));
    }

    @Test
    void itsFileIsItsNameWithTheCsvSuffix() {
        assertEquals("artemis-queues.csv", DataSet.of("artemis-queues", "name").fileName());
    }
}
