package org.maestro.inspector.mosquitto;

import java.util.List;
import org.maestro.inspector.csv.DataSet;

/**
 * The data sets of the {@code mosquitto} inspector, from the broker's {@code $SYS/broker/…} topics as last
 * published (every {@code sys_interval} seconds, 10 by default); counters count since the broker started.
 */
public final class MosquittoDataSets {
    /** Clients, subscriptions, stored and retained messages, heap and uptime: one row per poll. */
    public static final DataSet BROKER = DataSet.of(
            "mosquitto-broker",
            "clientsConnected",
            "clientsTotal",
            "clientsMaximum",
            "subscriptions",
            "retainedMessages",
            "storedMessages",
            "storedBytes",
            "heapCurrent",
            "heapMaximum",
            "uptimeSeconds");
    /** Message and byte counters: one row per poll. */
    public static final DataSet TRAFFIC = DataSet.of(
            "mosquitto-traffic",
            "messagesReceived",
            "messagesSent",
            "publishReceived",
            "publishSent",
            "publishDropped",
            "bytesReceived",
            "bytesSent",
            "publishBytesReceived",
            "publishBytesSent");
    /** The broker's load averages (per minute, over 1, 5 and 15 minutes): one row per window per poll. */
    public static final DataSet LOAD = DataSet.of(
            "mosquitto-load",
            "window",
            "messagesReceivedPerMinute",
            "messagesSentPerMinute",
            "publishReceivedPerMinute",
            "publishSentPerMinute",
            "publishDroppedPerMinute",
            "bytesReceivedPerMinute",
            "bytesSentPerMinute",
            "connectionsPerMinute",
            "socketsPerMinute");

    /** Every data set, in the order a poll writes them. */
    public static final List<DataSet> ALL = List.of(BROKER, TRAFFIC, LOAD);

    /** The {@code $SYS} topic (after {@code $SYS/broker/}) of each column of {@link #BROKER} and {@link #TRAFFIC}. */
    static final List<String> BROKER_TOPICS = List.of(
            "clients/connected",
            "clients/total",
            "clients/maximum",
            "subscriptions/count",
            "retained messages/count",
            "store/messages/count",
            "store/messages/bytes",
            "heap/current",
            "heap/maximum",
            "uptime");

    static final List<String> TRAFFIC_TOPICS = List.of(
            "messages/received",
            "messages/sent",
            "publish/messages/received",
            "publish/messages/sent",
            "publish/messages/dropped",
            "bytes/received",
            "bytes/sent",
            "publish/bytes/received",
            "publish/bytes/sent");
    /** The load topics of each column of {@link #LOAD} after {@code window}, less the trailing window. */
    static final List<String> LOAD_TOPICS = List.of(
            "load/messages/received",
            "load/messages/sent",
            "load/publish/received",
            "load/publish/sent",
            "load/publish/dropped",
            "load/bytes/received",
            "load/bytes/sent",
            "load/connections",
            "load/sockets");
    /** The load windows. */
    static final List<String> WINDOWS = List.of("1min", "5min", "15min");

    private MosquittoDataSets() {}
}
