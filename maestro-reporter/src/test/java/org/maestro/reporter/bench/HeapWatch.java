package org.maestro.reporter.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Watches this JVM's heap while a piece of work runs: the peak used heap (the sum of the heap pools' peaks, an upper
 * bound since the pools peak at different moments) and the largest heap left after a garbage collection (the live
 * data the work kept). Thread-safe; one watch at a time per JVM.
 */
final class HeapWatch implements AutoCloseable {
    private final List<MemoryPoolMXBean> pools = new ArrayList<>();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final AtomicLong maxAfterGc = new AtomicLong();
    private final AtomicLong collections = new AtomicLong();
    private final NotificationListener listener = this::collected;

    /** Collects garbage, resets the pools' peaks and starts listening to collections. */
    HeapWatch() {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                pool.resetPeakUsage();
                pools.add(pool);
            }
        }
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(listener, null, null);
                emitters.add(emitter);
            }
        }
    }

    private void collected(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool :
                info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (pools.stream().anyMatch(p -> p.getName().equals(pool.getKey()))) {
                used += pool.getValue().getUsed();
            }
        }
        collections.incrementAndGet();
        maxAfterGc.accumulateAndGet(used, Math::max);
    }

    /** Sum of the heap pools' peak used bytes since the watch began. */
    long peakUsed() {
        return pools.stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
    }

    /** Sum of the heap pools' peak committed bytes since the watch began. */
    long peakCommitted() {
        return pools.stream()
                .mapToLong(pool -> pool.getPeakUsage().getCommitted())
                .sum();
    }

    /** The largest heap in use right after a collection (0 when none happened). */
    long maxAfterGc() {
        return maxAfterGc.get();
    }

    /** Collections seen. */
    long collections() {
        return collections.get();
    }

    @Override
    public void close() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(listener);
            } catch (ListenerNotFoundException e) {
                // already gone
            }
        }
    }
}
