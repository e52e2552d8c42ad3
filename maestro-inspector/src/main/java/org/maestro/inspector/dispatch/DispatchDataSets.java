package org.maestro.inspector.dispatch;

import java.util.List;
import org.maestro.inspector.csv.DataSet;

/**
 * The data sets of the {@code dispatch} inspector. Columns carry the router's own attribute names; an attribute
 * the router does not report (an older or newer version) is an empty cell.
 */
public final class DispatchDataSets {
    /** General statistics of the router ({@code org.apache.qpid.dispatch.router}): one row per poll. */
    public static final DataSet ROUTER = DataSet.of(
            "dispatch-router",
            "id",
            "version",
            "mode",
            "addrCount",
            "linkCount",
            "nodeCount",
            "linkRouteCount",
            "autoLinkCount",
            "connectionCount",
            "presettledDeliveries",
            "droppedPresettledDeliveries",
            "acceptedDeliveries",
            "rejectedDeliveries",
            "releasedDeliveries",
            "modifiedDeliveries",
            "deliveriesIngress",
            "deliveriesEgress",
            "deliveriesTransit",
            "deliveriesIngressRouteContainer",
            "deliveriesEgressRouteContainer",
            "deliveriesRedirectedToFallback",
            "deliveriesDelayed1Sec",
            "deliveriesDelayed10Sec",
            "deliveriesStuck",
            "linksBlocked",
            "uptimeSeconds",
            "memoryUsage",
            "workerThreads");

    /** Router links ({@code org.apache.qpid.dispatch.router.link}): one row per link per poll. */
    public static final DataSet LINKS = DataSet.of(
            "dispatch-links",
            "identity",
            "name",
            "linkType",
            "linkDir",
            "owningAddr",
            "connectionId",
            "adminStatus",
            "operStatus",
            "capacity",
            "deliveryCount",
            "undeliveredCount",
            "unsettledCount",
            "presettledCount",
            "droppedPresettledCount",
            "acceptedCount",
            "rejectedCount",
            "releasedCount",
            "modifiedCount",
            "deliveriesDelayed1Sec",
            "deliveriesDelayed10Sec",
            "deliveriesStuck",
            "priority",
            "settleRate",
            "creditAvailable",
            "zeroCreditSeconds");

    /** Addresses ({@code org.apache.qpid.dispatch.router.address}): one row per address per poll. */
    public static final DataSet ADDRESSES = DataSet.of(
            "dispatch-addresses",
            "identity",
            "distribution",
            "inProcess",
            "subscriberCount",
            "remoteCount",
            "containerCount",
            "deliveriesIngress",
            "deliveriesEgress",
            "deliveriesTransit",
            "deliveriesToContainer",
            "deliveriesFromContainer",
            "deliveriesIngressRouteContainer",
            "deliveriesEgressRouteContainer",
            "trackedDeliveries",
            "priority",
            "deliveriesRedirectedToFallback");

    /** Connections ({@code org.apache.qpid.dispatch.connection}): one row per connection per poll. */
    public static final DataSet CONNECTIONS = DataSet.of(
            "dispatch-connections",
            "identity",
            "host",
            "role",
            "protocol",
            "dir",
            "container",
            "sasl",
            "isAuthenticated",
            "user",
            "isEncrypted",
            "opened",
            "adminStatus",
            "operStatus",
            "uptimeSeconds",
            "lastDlvSeconds");

    /** Memory by allocation type ({@code org.apache.qpid.dispatch.allocator}): one row per type per poll. */
    public static final DataSet ALLOCATOR = DataSet.of(
            "dispatch-allocator",
            "typeName",
            "typeSize",
            "transferBatchSize",
            "localFreeListMax",
            "globalFreeListMax",
            "totalAllocFromHeap",
            "totalFreeToHeap",
            "heldByThreads",
            "batchesRebalancedToThreads",
            "batchesRebalancedToGlobal");

    /** All of them, in file order. */
    public static final List<DataSet> ALL = List.of(ROUTER, LINKS, ADDRESSES, CONNECTIONS, ALLOCATOR);

    /** The management entity type each data set is read from. */
    public static String entityType(DataSet dataSet) {
        if (dataSet.equals(ROUTER)) {
            return "org.apache.qpid.dispatch.router";
        } else if (dataSet.equals(LINKS)) {
            return "org.apache.qpid.dispatch.router.link";
        } else if (dataSet.equals(ADDRESSES)) {
            return "org.apache.qpid.dispatch.router.address";
        } else if (dataSet.equals(CONNECTIONS)) {
            return "org.apache.qpid.dispatch.connection";
        } else if (dataSet.equals(ALLOCATOR)) {
            return "org.apache.qpid.dispatch.allocator";
        }
        throw new IllegalArgumentException("not a dispatch data set: " + dataSet.name());
    }

    private DispatchDataSets() {}
}
