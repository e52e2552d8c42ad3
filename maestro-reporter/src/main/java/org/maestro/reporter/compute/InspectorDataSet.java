package org.maestro.reporter.compute;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maestro.common.files.csv.CsvTable;
import org.maestro.common.files.inspector.InspectorCsv;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.read.InspectedSystem;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.PeerDirectory;

/**
 * One data set an inspector wrote (a queue table, the JVM's memory…), read for its charts.
 *
 * @param index its place among the iteration's data sets, counting those that could not be read (the page's ids)
 * @param title what its charts show, naming the SUT and the data set, e.g. {@code R2 (amqp://…:5672) — links}
 * @param name the data set's name in lower case ({@code artemis-queues}), which says what its columns measure
 * @param table its rows
 */
public record InspectorDataSet(int index, String title, String name, CsvTable table) {

    /** The data sets of every peer, in peer order; a file that cannot be read is a warning (in {@code files}). */
    public static List<InspectorDataSet> readAll(IterationFiles files) {
        List<InspectorDataSet> dataSets = new ArrayList<>();
        int n = 0;
        for (PeerDirectory peer : files.peers()) {
            if (peer.role() == Role.SENDER || peer.role() == Role.RECEIVER) {
                continue; // a sender's or receiver's CSVs are its own accounting, not data sets of the SUT
            }
            List<Path> paths;
            InspectedSystem inspected;
            try {
                paths = peer.dataSets();
                inspected =
                        paths.isEmpty() ? null : InspectedSystem.of(peer.dir()).orElse(null);
            } catch (IOException e) {
                files.warn("cannot read " + peer.dir() + ": " + e.getMessage());
                continue;
            }
            for (Path file : paths) {
                int index = n++;
                String dataSet = PeerDirectory.dataSetName(file);
                String title = inspected != null ? inspected.title(dataSet) : dataSet + " (" + peer.name() + ")";
                try {
                    dataSets.add(new InspectorDataSet(
                            index, title, dataSet.toLowerCase(Locale.ROOT), InspectorCsv.read(file)));
                } catch (IOException | RuntimeException e) {
                    files.warn(file + " could not be charted: " + e.getMessage());
                }
            }
        }
        return dataSets;
    }
}
