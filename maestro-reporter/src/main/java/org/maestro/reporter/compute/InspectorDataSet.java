package org.maestro.reporter.compute;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
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
 * @param system the name of the inspected system ({@code router1}; for the older single system its inspector's
 *     name, or {@code sut}), by which the page groups the charts and lines up one metric across systems
 */
public record InspectorDataSet(int index, String title, String name, CsvTable table, String system) {

    /** A data set of the single system of the older form. */
    public InspectorDataSet(int index, String title, String name, CsvTable table) {
        this(index, title, name, table, InspectedSystem.UNNAMED);
    }

    /**
     * The data sets of every peer, grouped by system (systems sorted by name, the older single system first), in peer
     * order within a system; a file that cannot be read is a warning (in {@code files}).
     */
    public static List<InspectorDataSet> readAll(IterationFiles files) {
        List<InspectorDataSet> single = new ArrayList<>();
        List<InspectorDataSet> named = new ArrayList<>();
        int[] n = {0};
        for (PeerDirectory peer : files.peers()) {
            if (peer.role() == Role.SENDER || peer.role() == Role.RECEIVER) {
                continue; // a sender's or receiver's CSVs are its own accounting, not data sets of the SUT
            }
            List<Path> paths;
            InspectedSystem inspected;
            read(files, peer, peer.dir(), n, single);
            try {
                for (Path directory : peer.systemDirectories()) {
                    read(files, peer, directory, n, named);
                }
            } catch (IOException e) {
                files.warn("cannot read " + peer.dir() + ": " + e.getMessage());
            }
        }
        named.sort(Comparator.comparing(InspectorDataSet::system));
        List<InspectorDataSet> grouped = new ArrayList<>(single);
        grouped.addAll(named);
        return grouped;
    }

    private static void read(
            IterationFiles files, PeerDirectory peer, Path directory, int[] n, List<InspectorDataSet> dataSets) {
        List<Path> paths;
        InspectedSystem inspected;
        try {
            paths = PeerDirectory.dataSetsIn(directory);
            inspected = paths.isEmpty() ? null : InspectedSystem.of(directory).orElse(null);
        } catch (IOException e) {
            files.warn("cannot read " + directory + ": " + e.getMessage());
            return;
        }
        boolean named = !directory.equals(peer.dir());
        String system = inspected != null
                ? inspected.name()
                : named ? directory.getFileName().toString() : InspectedSystem.UNNAMED;
        for (Path file : paths) {
            int index = n[0]++;
            String dataSet = PeerDirectory.dataSetName(file);
            String title = inspected != null
                    ? inspected.title(dataSet)
                    : named ? system + " — " + dataSet : dataSet + " (" + peer.name() + ")";
            try {
                dataSets.add(new InspectorDataSet(
                        index, title, dataSet.toLowerCase(Locale.ROOT), InspectorCsv.read(file), system));
            } catch (IOException | RuntimeException e) {
                files.warn(file + " could not be charted: " + e.getMessage());
            }
        }
    }
}
