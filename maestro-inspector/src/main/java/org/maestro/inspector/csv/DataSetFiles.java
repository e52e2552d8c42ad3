package org.maestro.inspector.csv;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maestro.common.files.inspector.InspectorCsvWriter;

/**
 * The CSV files of one inspection, one per data set, in one directory; thread-safe (every method is synchronized),
 * so the polling thread writes while the control thread flushes.
 */
public final class DataSetFiles implements Closeable {
    private final Map<DataSet, InspectorCsvWriter> writers = new LinkedHashMap<>();
    private boolean closed;

    private DataSetFiles() {}

    /** Creates one file per data set in the directory, each with its format line and header. */
    public static DataSetFiles create(Path directory, List<DataSet> dataSets) throws IOException {
        DataSetFiles files = new DataSetFiles();
        try {
            for (DataSet dataSet : dataSets) {
                files.writers.put(dataSet, InspectorCsvWriter.create(directory, dataSet.name(), dataSet.columns()));
            }
        } catch (IOException e) {
            files.close();
            throw e;
        }
        return files;
    }

    /** Writes rows of one data set stamped with the same timestamp; rows of a data set not opened are refused. */
    public synchronized void write(DataSet dataSet, long timestampMillis, List<? extends List<?>> rows)
            throws IOException {
        if (closed) {
            throw new IOException("the inspector files are closed; " + dataSet.name() + " rows came too late");
        }
        InspectorCsvWriter writer = writers.get(dataSet);
        if (writer == null) {
            throw new IllegalArgumentException("no file was opened for data set " + dataSet.name());
        }
        for (List<?> row : rows) {
            writer.row(timestampMillis, row);
        }
    }

    /** True when a file was opened for this data set. */
    public synchronized boolean has(DataSet dataSet) {
        return writers.containsKey(dataSet);
    }

    /** Pushes all written rows to the files. */
    public synchronized void flush() throws IOException {
        if (closed) {
            return;
        }
        for (InspectorCsvWriter writer : writers.values()) {
            writer.flush();
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        IOException failure = null;
        for (InspectorCsvWriter writer : writers.values()) {
            try {
                writer.close();
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
