package org.maestro.inspector.nats;

import java.util.List;
import org.maestro.inspector.csv.DataSet;

/**
 * The data sets of the {@code nats} inspector, read from the server's monitoring port; message and byte counters
 * count since the server (or the connection) started.
 */
public final class NatsDataSets {
    /** {@code /varz}: the server, one row per poll. */
    public static final DataSet SERVER = DataSet.of(
            "nats-server",
            "connections",
            "totalConnections",
            "inMsgs",
            "outMsgs",
            "inBytes",
            "outBytes",
            "slowConsumers",
            "subscriptions",
            "cpuPercent",
            "mem");
    /** {@code /connz}: one row per client connection per poll ({@code connection} is its name and id). */
    public static final DataSet CONNECTIONS = DataSet.of(
            "nats-connections",
            "connection",
            "ip",
            "subscriptions",
            "pendingBytes",
            "inMsgs",
            "outMsgs",
            "inBytes",
            "outBytes");
    /** {@code /jsz}: JetStream as a whole, one row per poll (none when JetStream is off). */
    public static final DataSet JETSTREAM = DataSet.of(
            "nats-jetstream",
            "streams",
            "consumers",
            "messages",
            "bytes",
            "memory",
            "storage",
            "apiRequests",
            "apiErrors");
    /** {@code /jsz?streams=true}: one row per stream per poll, sorted by account and name. */
    public static final DataSet STREAMS =
            DataSet.of("nats-streams", "account", "stream", "messages", "bytes", "consumers");

    /** Every data set, in the order a poll reads them. */
    public static final List<DataSet> ALL = List.of(SERVER, CONNECTIONS, JETSTREAM, STREAMS);

    private NatsDataSets() {}
}
