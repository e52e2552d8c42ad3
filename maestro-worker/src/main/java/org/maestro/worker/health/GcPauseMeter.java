package org.maestro.worker.health;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The garbage collector's stop-the-world pauses, as the JVM announces each one: their sum and the longest since the
 * last sample. Concurrent collection cycles (which do not stop the application) are not pauses and not counted.
 * Thread-safe: the JVM's notification thread adds, the run's supervisor samples.
 */
final class GcPauseMeter implements AutoCloseable {
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::onNotification;
    private double pausedMillis;
    private double longestMillis;

    GcPauseMeter() {
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(listener, null, null);
                emitters.add(emitter);
            }
        }
    }

    /** Why pauses cannot be measured here, if they cannot. */
    Optional<String> absent() {
        return emitters.isEmpty()
                ? Optional.of("this JVM's garbage collectors announce no collections (no NotificationEmitter)")
                : Optional.empty();
    }

    /** The pauses since the last sample: {sum, longest} in ms. */
    synchronized double[] sample() {
        double[] figures = {pausedMillis, longestMillis};
        pausedMillis = 0;
        longestMillis = 0;
        return figures;
    }

    private void onNotification(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        if (!isPause(info.getGcName(), info.getGcAction())) {
            return;
        }
        double millis = info.getGcInfo().getDuration();
        synchronized (this) {
            pausedMillis += millis;
            longestMillis = Math.max(longestMillis, millis);
        }
    }

    /** G1, Parallel and Serial announce "end of minor/major GC"; ZGC and Shenandoah have a collector of pauses. */
    static boolean isPause(String collector, String action) {
        String name = collector.toLowerCase(Locale.ROOT);
        String what = action.toLowerCase(Locale.ROOT);
        if (name.contains("cycles") || name.contains("concurrent")) {
            return false;
        }
        return what.startsWith("end of minor") || what.startsWith("end of major") || name.contains("pauses");
    }

    @Override
    public void close() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(listener);
            } catch (ListenerNotFoundException gone) {
                // already removed
            }
        }
        emitters.clear();
    }
}
