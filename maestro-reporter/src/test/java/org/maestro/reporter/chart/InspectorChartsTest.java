package org.maestro.reporter.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.inspector.InspectorCsv;
import org.maestro.reporter.compute.InspectorDataSet;

/** Inspector data sets in the columns maestro-inspector writes (docs/inspector.md), charted as a reader needs them. */
class InspectorChartsTest {

    static final long T0 = 1_732_262_400_000L;
    static final String[] POOLS = {
        "CodeHeap 'non-nmethods'",
        "Metaspace",
        "CodeHeap 'profiled nmethods'",
        "Compressed Class Space",
        "G1 Eden Space",
        "G1 Old Gen",
        "G1 Survivor Space",
        "CodeHeap 'non-profiled nmethods'"
    };

    @TempDir
    Path dir;

    private List<Chart> chart(String name, String csv) throws IOException {
        Path file = dir.resolve(name + ".csv");
        Files.writeString(file, "# maestro-inspector v1\n" + csv);
        InspectorDataSet dataSet = new InspectorDataSet(0, "sut — " + name, name, InspectorCsv.read(file));
        return InspectorCharts.charts("chart-inspector-0", dataSet, List.of());
    }

    @Test
    void operatingSystemColumnsAreChartedByUnitNeverCpuLoadBesideFileDescriptors() throws IOException {
        StringBuilder csv = new StringBuilder("timestamp,openFileDescriptors,maxFileDescriptors,systemLoadAverage,"
                + "availableProcessors,processCpuLoad,systemCpuLoad,freePhysicalMemory,totalPhysicalMemory,"
                + "freeSwapSpace,totalSwapSpace,committedVirtualMemory\n");
        for (int i = 0; i < 20; i++) {
            csv.append(T0 + i * 5000L)
                    .append(',')
                    .append(180 + i % 6)
                    .append(",1048576,")
                    .append(1.5 + i * 0.1)
                    .append(",4,")
                    .append(0.2 + (i % 5) * 0.1)
                    .append(',')
                    .append(0.4 + (i % 3) * 0.1)
                    .append(',')
                    .append(8_000_000_000L - i * 1_000_000L)
                    .append(",16000000000,0,0,")
                    .append(5_000_000_000L + i * 4096)
                    .append('\n');
        }
        List<Chart> charts = chart("artemis-os", csv.toString());
        for (Chart chart : charts) {
            Set<String> names = chart.series().stream().map(Series::name).collect(Collectors.toSet());
            if (names.contains("processCpuLoad")) {
                assertEquals("%", chart.unit(), chart.title());
                assertEquals(Set.of("processCpuLoad", "systemCpuLoad"), names);
                assertEquals(20L, chart.series().get(0).points().get(0)[1], "0.2 is drawn as 20 %");
            }
            if (names.contains("openFileDescriptors")) {
                assertEquals(Set.of("openFileDescriptors"), names, "file descriptors share an axis with " + names);
            }
            if (names.contains("freePhysicalMemory")) {
                assertEquals("bytes", chart.unit());
            }
        }
        assertTrue(
                charts.stream().anyMatch(c -> c.title().endsWith(": processCpuLoad, systemCpuLoad")), titles(charts));
        assertTrue(charts.stream().anyMatch(c -> c.title().endsWith(": openFileDescriptors")), titles(charts));
        String note = charts.get(charts.size() - 1).note();
        assertTrue(note.contains("maxFileDescriptors 1048576") && note.contains("availableProcessors 4"), note);
    }

    @Test
    void queueCountersAreRatesAndTheControlBrokersQueuesAreHidden() throws IOException {
        String[][] queues = {
            {"$sys.mqtt.sessions", "$sys.mqtt.sessions", "ANYCAST"},
            {"activemq.notifications", "activemq.notifications", "MULTICAST"},
            {".mpt.daemon", "maestro-worker-1..mpt.daemon", "MULTICAST"},
            {"DLQ", "DLQ", "ANYCAST"},
            {"ExpiryQueue", "ExpiryQueue", "ANYCAST"},
            {"test.queue", "test.queue", "ANYCAST"}
        };
        StringBuilder csv = new StringBuilder("timestamp,address,queue,routingType,messageCount,messagesAdded,"
                + "messagesAcknowledged,messagesExpired,messagesKilled,consumerCount,deliveringCount\n");
        for (int i = 0; i < 12; i++) {
            for (String[] q : queues) {
                boolean test = q[0].equals("test.queue");
                boolean internal = q[0].startsWith("$") || q[0].startsWith("activemq") || q[0].startsWith(".mpt");
                long added = test ? 5000L * i + 50L * i * i : internal ? 3L * i : 0;
                csv.append(T0 + i * 5000L)
                        .append(',')
                        .append(String.join(",", q))
                        .append(',')
                        .append(test ? i % 4 * 10 : internal ? i : 0)
                        .append(',')
                        .append(added)
                        .append(',')
                        .append(added)
                        .append(",0,0,")
                        .append(test ? 2 : 1)
                        .append(',')
                        .append(test ? i % 3 : 0)
                        .append('\n');
            }
        }
        List<Chart> charts = chart("artemis-queues", csv.toString());
        for (Chart chart : charts) {
            for (Series series : chart.series()) {
                assertFalse(InspectorTable.isInternal(series.name()), chart.title() + " draws " + series.name());
            }
        }
        Chart added = charts.stream()
                .filter(c -> c.title().endsWith("messagesAdded per second"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(titles(charts)));
        assertEquals("/s", added.unit());
        assertEquals(
                List.of("test.queue"), added.series().stream().map(Series::name).toList());
        assertEquals(1010L, added.series().get(0).points().get(0)[1], "5050 added in 5 s is 1010/s");
        String note = charts.get(charts.size() - 1).note();
        assertTrue(note.contains("3 internal queue(s)") && note.contains("$sys.mqtt.sessions"), note);
        assertTrue(
                note.contains("consumerCount (test.queue 2, DLQ 1, ExpiryQueue 1)")
                        || note.contains("consumerCount (DLQ 1, ExpiryQueue 1, test.queue 2)"),
                note);
        assertTrue(note.contains("messagesExpired per second"), note);
        assertTrue(charts.stream().noneMatch(c -> c.title().contains("messagesExpired")), titles(charts));
    }

    @Test
    void aDataSetThatNeverChangesIsANoteNotAnEmptyChart() throws IOException {
        StringBuilder csv = new StringBuilder("timestamp,ok,error\n");
        for (int i = 0; i < 10; i++) {
            csv.append(T0 + i * 5000L).append(",1,\n");
        }
        List<Chart> charts = chart("inspector-polls", csv.toString());
        assertEquals(1, charts.size());
        assertEquals(Chart.NOTE, charts.get(0).kind());
        assertEquals("Every one of the 10 polls succeeded.", charts.get(0).note());
    }

    @Test
    void memoryPoolsKeepEachChartsLegendShort() throws IOException {
        StringBuilder csv = new StringBuilder("timestamp,pool,type,init,committed,max,used\n");
        for (int i = 0; i < 12; i++) {
            for (int p = 0; p < POOLS.length; p++) {
                boolean heap = POOLS[p].startsWith("G1");
                csv.append(T0 + i * 5000L)
                        .append(",\"")
                        .append(POOLS[p])
                        .append("\",")
                        .append(heap ? "HEAP" : "NON_HEAP")
                        .append(",0,")
                        .append(1_000_000L * (p + 1) + i * 65536L)
                        .append(",-1,")
                        .append(500_000L * (p + 1) + i * 4096L * (p + 1))
                        .append('\n');
            }
        }
        List<Chart> charts = chart("artemis-memory-pools", csv.toString());
        for (Chart chart : charts) {
            assertTrue(chart.series().size() <= InspectorCharts.SERIES_PER_CHART, chart.title());
            assertEquals("bytes", chart.unit(), chart.title());
            chart.series().forEach(s -> assertFalse(s.name().contains("HEAP"), s.name()));
        }
        List<String> used = charts.stream()
                .filter(c -> c.title().contains(": used"))
                .flatMap(c -> c.series().stream())
                .map(Series::name)
                .toList();
        assertEquals(POOLS.length, used.size(), used.toString());
        assertTrue(
                charts.stream()
                        .noneMatch(c -> c.title().contains(": max") || c.title().contains(": init")),
                titles(charts));
    }

    @Test
    void manyQueuesAreSpreadOverThreeChartsLargestFirstAndTheRestNamed() throws IOException {
        StringBuilder csv = new StringBuilder("timestamp,address,queue,routingType,messageCount\n");
        for (int i = 0; i < 5; i++) {
            for (int q = 0; q < 30; q++) {
                csv.append(T0 + i * 5000L)
                        .append(",q")
                        .append(q)
                        .append(",q")
                        .append(q)
                        .append(",ANYCAST,")
                        .append((q + 1) * 10 + i % 2)
                        .append('\n');
            }
        }
        List<Chart> charts = chart("artemis-queues", csv.toString());
        assertEquals(
                List.of(
                        "sut — artemis-queues: messageCount (largest 8 of 30)",
                        "sut — artemis-queues: messageCount (9–16 of 30)",
                        "sut — artemis-queues: messageCount (17–24 of 30)"),
                charts.stream().map(Chart::title).toList());
        assertEquals("q29", charts.get(0).series().get(0).name(), "the largest first");
        assertTrue(
                charts.get(2).note().contains("messageCount of 6 more not drawn (smaller values): q5, q4"),
                charts.get(2).note());
    }

    private static String titles(List<Chart> charts) {
        return charts.stream().map(Chart::title).toList().toString();
    }

    @Test
    void rabbitmqQueueCountersAreRatesPerQueueAndTheApisRatesAreDrawnPerSecond() throws IOException {
        StringBuilder csv = new StringBuilder("timestamp,vhost,queue,messages,messagesReady,messagesUnacknowledged,"
                + "consumers,memory,messagesPublished,messagesDelivered,messagesAcknowledged,publishRate,deliverRate,"
                + "ackRate\n");
        for (int i = 0; i < 10; i++) {
            for (String queue : List.of("orders", "events")) {
                long published = (queue.equals("orders") ? 500L : 100L) * i + 10L * i * i;
                csv.append(T0 + i * 5000L)
                        .append(",/,")
                        .append(queue)
                        .append(',')
                        .append(i * 3)
                        .append(',')
                        .append(i * 2)
                        .append(',')
                        .append(i)
                        .append(",1,")
                        .append(20_000 + i * 1024)
                        .append(',')
                        .append(published)
                        .append(',')
                        .append(published - i)
                        .append(',')
                        .append(published - i)
                        .append(',')
                        .append(published / 5.0 / Math.max(1, i))
                        .append(",0.5,0.5\n");
            }
        }
        List<Chart> charts = chart("rabbitmq-queues", csv.toString());
        Chart published = charts.stream()
                .filter(c -> c.title().endsWith(": messagesPublished per second"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(titles(charts)));
        assertEquals("/s", published.unit());
        assertEquals(2, published.series().size());
        Series orders = published.series().stream()
                .filter(x -> x.name().endsWith("orders"))
                .findFirst()
                .orElseThrow();
        assertEquals(102L, orders.points().get(0)[1], "510 published in 5 s is 102/s");
        Chart depth = charts.stream()
                .filter(c -> c.title().endsWith(": messages"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(titles(charts)));
        assertEquals("", depth.unit());
        assertTrue(
                charts.stream()
                        .anyMatch(c ->
                                c.title().endsWith(": publishRate") && c.unit().equals("/s")),
                titles(charts));
        assertTrue(
                charts.stream()
                        .anyMatch(
                                c -> c.title().endsWith(": memory") && c.unit().equals("bytes")),
                titles(charts));
    }

    @Test
    void natsTrafficCountersAreRatesAndItsCpuIsAlreadyAPercentage() throws IOException {
        StringBuilder csv = new StringBuilder("timestamp,connections,totalConnections,inMsgs,outMsgs,inBytes,"
                + "outBytes,slowConsumers,subscriptions,cpuPercent,mem\n");
        for (int i = 0; i < 10; i++) {
            csv.append(T0 + i * 1000L)
                    .append(',')
                    .append(3 + i % 2)
                    .append(',')
                    .append(3 + i)
                    .append(',')
                    .append(2000L * i + 100L * i * i)
                    .append(',')
                    .append(4000L * i + 50L * i * i)
                    .append(',')
                    .append(200_000L * i)
                    .append(',')
                    .append(400_000L * i)
                    .append(",0,")
                    .append(50 + i)
                    .append(',')
                    .append(12.5 + i % 3)
                    .append(',')
                    .append(12_000_000 + i * 4096)
                    .append('\n');
        }
        List<Chart> charts = chart("nats-server", csv.toString());
        Chart in = charts.stream()
                .filter(c -> c.series().stream().anyMatch(x -> x.name().equals("inMsgs per second")))
                .findFirst()
                .orElseThrow(() -> new AssertionError(titles(charts)));
        assertEquals("/s", in.unit());
        assertEquals(
                2100L,
                in.series().stream()
                        .filter(x -> x.name().equals("inMsgs per second"))
                        .findFirst()
                        .orElseThrow()
                        .points()
                        .get(0)[1]);
        Chart cpu = charts.stream()
                .filter(c -> c.series().stream().anyMatch(x -> x.name().equals("cpuPercent")))
                .findFirst()
                .orElseThrow(() -> new AssertionError(titles(charts)));
        assertEquals("%", cpu.unit());
        assertEquals(12.5, ((Number) cpu.series().get(0).points().get(0)[1]).doubleValue(), "not multiplied by 100");
        assertTrue(
                charts.get(charts.size() - 1).note().contains("slowConsumers per second 0/s"),
                charts.get(charts.size() - 1).note());
    }

    @Test
    void mosquittoLoadAveragesAreOneLinePerWindowPerMinute() throws IOException {
        StringBuilder csv = new StringBuilder("timestamp,window,messagesReceivedPerMinute,messagesSentPerMinute,"
                + "publishReceivedPerMinute,publishSentPerMinute,publishDroppedPerMinute,bytesReceivedPerMinute,"
                + "bytesSentPerMinute,connectionsPerMinute,socketsPerMinute\n");
        for (int i = 0; i < 10; i++) {
            for (String window : List.of("1min", "5min", "15min")) {
                double load = 60.0 * i / (window.equals("1min") ? 1 : window.equals("5min") ? 5 : 15);
                csv.append(T0 + i * 1000L)
                        .append(',')
                        .append(window)
                        .append(',')
                        .append(load)
                        .append(',')
                        .append(load)
                        .append(',')
                        .append(load)
                        .append(',')
                        .append(load)
                        .append(",0,")
                        .append(load * 100)
                        .append(',')
                        .append(load * 100)
                        .append(",0.00,0.00\n");
            }
        }
        List<Chart> charts = chart("mosquitto-load", csv.toString());
        Chart received = charts.stream()
                .filter(c -> c.title().endsWith(": publishReceivedPerMinute"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(titles(charts)));
        assertEquals("/min", received.unit());
        assertEquals(
                Set.of("1min", "5min", "15min"),
                received.series().stream().map(Series::name).collect(Collectors.toSet()));
    }
}
