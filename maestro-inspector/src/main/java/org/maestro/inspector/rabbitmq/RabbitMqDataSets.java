package org.maestro.inspector.rabbitmq;

import java.util.List;
import org.maestro.inspector.csv.DataSet;

/**
 * The data sets of the {@code rabbitmq} inspector, read from the management HTTP API: counters count since the node
 * started (or the queue was created), rates are the API's messages per second over its last sampling interval.
 */
public final class RabbitMqDataSets {
    /** {@code /api/overview}: the whole broker, one row per poll. */
    public static final DataSet OVERVIEW = DataSet.of(
            "rabbitmq-overview",
            "messages",
            "messagesReady",
            "messagesUnacknowledged",
            "messagesPublished",
            "messagesDelivered",
            "messagesAcknowledged",
            "publishRate",
            "deliverRate",
            "ackRate",
            "connections",
            "channels",
            "consumers",
            "queues",
            "exchanges");
    /** {@code /api/nodes}: one row per node of the cluster per poll. */
    public static final DataSet NODES = DataSet.of(
            "rabbitmq-nodes",
            "node",
            "running",
            "memUsed",
            "memLimit",
            "memAlarm",
            "diskFree",
            "diskFreeAlarm",
            "fdUsed",
            "fdTotal",
            "socketsUsed",
            "socketsTotal",
            "procUsed");
    /** {@code /api/queues}: one row per queue per poll, sorted by virtual host and name. */
    public static final DataSet QUEUES = DataSet.of(
            "rabbitmq-queues",
            "vhost",
            "queue",
            "messages",
            "messagesReady",
            "messagesUnacknowledged",
            "consumers",
            "memory",
            "messagesPublished",
            "messagesDelivered",
            "messagesAcknowledged",
            "publishRate",
            "deliverRate",
            "ackRate");

    /** Every data set, in the order a poll reads them. */
    public static final List<DataSet> ALL = List.of(OVERVIEW, NODES, QUEUES);

    private RabbitMqDataSets() {}
}
