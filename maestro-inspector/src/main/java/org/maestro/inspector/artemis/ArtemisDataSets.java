package org.maestro.inspector.artemis;

import java.util.List;
import org.maestro.inspector.csv.DataSet;

/** The data sets of the {@code artemis} inspector; memory sizes are bytes, as the JVM reports them. */
public final class ArtemisDataSets {
    /** The JVM heap: one row per poll; {@code max} is -1 when the heap has no defined maximum. */
    public static final DataSet JVM_HEAP = DataSet.of("artemis-jvm-heap", "init", "committed", "max", "used");

    /** Each JVM memory pool (Eden, Survivor, Old/Tenured, Metaspace, code cache …): one row per pool per poll. */
    public static final DataSet MEMORY_POOLS =
            DataSet.of("artemis-memory-pools", "pool", "type", "init", "committed", "max", "used");

    /** The operating system as the broker's JVM sees it: one row per poll. */
    public static final DataSet OS = DataSet.of(
            "artemis-os",
            "openFileDescriptors",
            "maxFileDescriptors",
            "systemLoadAverage",
            "availableProcessors",
            "processCpuLoad",
            "systemCpuLoad",
            "freePhysicalMemory",
            "totalPhysicalMemory",
            "freeSwapSpace",
            "totalSwapSpace",
            "committedVirtualMemory");

    /** Each queue of the broker: one row per queue per poll. */
    public static final DataSet QUEUES = DataSet.of(
            "artemis-queues",
            "address",
            "queue",
            "routingType",
            "messageCount",
            "messagesAdded",
            "messagesAcknowledged",
            "messagesExpired",
            "messagesKilled",
            "consumerCount",
            "deliveringCount");

    /** All of them, in file order. */
    public static final List<DataSet> ALL = List.of(JVM_HEAP, MEMORY_POOLS, OS, QUEUES);

    private ArtemisDataSets() {}
}
