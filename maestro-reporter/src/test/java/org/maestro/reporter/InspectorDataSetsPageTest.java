package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.build.Reporter;

/**
 * The data sets of the rabbitmq, nats and mosquitto inspectors, in the columns maestro-inspector writes
 * (docs/inspector.md), are charted on the iteration page under the name of the SUT they show.
 */
class InspectorDataSetsPageTest {
    private static final int POLLS = 8;

    @TempDir
    Path results;

    private Path inspected(String test, String inspectorName, String url, String sutName) throws IOException {
        new SyntheticResults(11, 1.0, 1.0).fixedRate(results.resolve(test + "/0"), SyntheticResults.T0, true);
        Path peer = results.resolve(test + "/0/inspector-1@sut");
        Files.delete(peer.resolve("queues.csv"));
        Files.writeString(
                peer.resolve("inspector.properties"),
                "# maestro-inspector v1\ninspector.name=" + inspectorName + "\ninspector.url=" + url.replace(":", "\\:")
                        + "\nsut.name=" + sutName + "\n");
        return peer;
    }

    private static void write(Path file, String header, RowMaker rows) throws IOException {
        StringBuilder csv = new StringBuilder("# maestro-inspector v1\ntimestamp,")
                .append(header)
                .append('\n');
        for (int i = 0; i < POLLS; i++) {
            csv.append(SyntheticResults.T0 + 2000L + i * 1000L)
                    .append(',')
                    .append(rows.row(i))
                    .append('\n');
        }
        Files.writeString(file, csv);
    }

    private interface RowMaker {
        String row(int poll);
    }

    private List<String> chartTitles(String test) throws IOException {
        Reporter.build(results);
        return Jsoup.parse(results.resolve(test + "/iteration-0.html").toFile())
                .select("div.chart[id^=chart-inspector-]")
                .eachAttr("data-title");
    }

    @Test
    void rabbitmqQueuesNodesAndOverviewAreCharted() throws IOException {
        Path peer = inspected("rabbit", "rabbitmq", "http://guest:***@127.0.0.1:15672/api", "rabbit@sut");
        write(
                peer.resolve("rabbitmq-queues.csv"),
                "vhost,queue,messages,messagesReady,messagesUnacknowledged,"
                        + "consumers,memory,messagesPublished,messagesDelivered,messagesAcknowledged,publishRate,"
                        + "deliverRate,ackRate",
                i -> "/,test.queue," + i * 10 + "," + i * 9 + "," + i + ",1," + (9000 + i) + "," + i * i * 100 + ","
                        + i * 90 + "," + i * 90 + "," + (100 + i) + "," + (90 + i) + "," + (90 + i));
        write(
                peer.resolve("rabbitmq-nodes.csv"),
                "node,running,memUsed,memLimit,memAlarm,diskFree,diskFreeAlarm,"
                        + "fdUsed,fdTotal,socketsUsed,socketsTotal,procUsed",
                i -> "rabbit@sut,true," + (140_000_000 + i * 1_000_000) + ",10000000000,false,80000000000,false,"
                        + (37 + i) + ",1024,2,832," + (358 + i));
        write(
                peer.resolve("rabbitmq-overview.csv"),
                "messages,messagesReady,messagesUnacknowledged,"
                        + "messagesPublished,messagesDelivered,messagesAcknowledged,publishRate,deliverRate,ackRate,"
                        + "connections,channels,consumers,queues,exchanges",
                i -> i * 10 + "," + i * 9 + "," + i + "," + i * 100 + "," + i * 90 + "," + i * 90
                        + ",100,90,90,2,2,1,1,8");
        List<String> titles = chartTitles("rabbit");
        String sut = "rabbit@sut (http://127.0.0.1:15672/api) — ";
        for (String expected : List.of(
                "queues: messages",
                "queues: messagesPublished per second",
                "queues: publishRate",
                "nodes: ",
                "overview: ")) {
            assertTrue(titles.stream().anyMatch(t -> t.startsWith(sut + expected)), expected + " in " + titles);
        }
        assertTrue(titles.stream().noneMatch(t -> t.contains("***") || t.contains("guest")), titles.toString());
    }

    @Test
    void natsServerConnectionsAndStreamsAreCharted() throws IOException {
        Path peer = inspected("nats", "nats", "nats+http://127.0.0.1:8222", "nats-sut");
        write(
                peer.resolve("nats-server.csv"),
                "connections,totalConnections,inMsgs,outMsgs,inBytes,outBytes,"
                        + "slowConsumers,subscriptions,cpuPercent,mem",
                i -> (2 + i % 2) + "," + (2 + i) + "," + i * 1000
                        + "," + i * 1000 + "," + i * 100_000 + "," + i * 100_000 + ",0," + (40 + i) + "," + (10 + i)
                        + ","
                        + (12_000_000 + i * 4096));
        write(
                peer.resolve("nats-connections.csv"),
                "connection,ip,subscriptions,pendingBytes,inMsgs,outMsgs," + "inBytes,outBytes",
                i -> "sender#5,127.0.0.1,0," + i + "," + i * i * 1000 + ",0," + i * 100_000 + ",0");
        write(
                peer.resolve("nats-streams.csv"),
                "account,stream,messages,bytes,consumers",
                i -> "$G,orders," + i * 500 + "," + i * 50_000 + ",1");
        List<String> titles = chartTitles("nats");
        String sut = "nats-sut (nats+http://127.0.0.1:8222) — ";
        for (String expected : List.of("server: ", "connections: inMsgs per second", "streams: messages")) {
            assertTrue(titles.stream().anyMatch(t -> t.startsWith(sut + expected)), expected + " in " + titles);
        }
    }

    @Test
    void mosquittoBrokerTrafficAndLoadAreCharted() throws IOException {
        Path peer = inspected("mqtt", "mosquitto", "mqtt://127.0.0.1:1883", "");
        write(
                peer.resolve("mosquitto-traffic.csv"),
                "messagesReceived,messagesSent,publishReceived,publishSent,"
                        + "publishDropped,bytesReceived,bytesSent,publishBytesReceived,publishBytesSent",
                i -> i * i * 120 + "," + i * i * 130 + "," + i * i * 100 + "," + i * i * 110 + ",0," + i * 12_000 + ","
                        + i * 13_000 + "," + i * 10_000 + "," + i * 11_000);
        write(
                peer.resolve("mosquitto-broker.csv"),
                "clientsConnected,clientsTotal,clientsMaximum,subscriptions,"
                        + "retainedMessages,storedMessages,storedBytes,heapCurrent,heapMaximum,uptimeSeconds",
                i -> (2 + i % 3) + ",4,4," + (3 + i % 2) + ",54,54,256," + (50_000 + i * 100) + ",60000," + i);
        List<String> titles = chartTitles("mqtt");
        String sut = "mqtt://127.0.0.1:1883 — ";
        for (String expected : List.of("traffic: ", "broker: ")) {
            assertTrue(titles.stream().anyMatch(t -> t.startsWith(sut + expected)), expected + " in " + titles);
        }
        assertTrue(
                titles.stream().anyMatch(t -> t.startsWith(sut + "traffic: counters per second")),
                "four or more counters share a chart named by their unit: " + titles);
    }
}
