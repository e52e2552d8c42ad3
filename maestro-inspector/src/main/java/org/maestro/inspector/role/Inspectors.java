package org.maestro.inspector.role;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.maestro.common.options.ManagementUrl;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.artemis.ArtemisInspector;
import org.maestro.inspector.dispatch.DispatchInspector;

/** The inspector implementations by name, as START_INSPECTOR and INSPECTOR_NAME give it. */
public final class Inspectors {
    /** The names known, in the order help texts list them. */
    public static final List<String> NAMES = List.of(ArtemisInspector.NAME, DispatchInspector.NAME);

    private Inspectors() {
    }

    /**
     * The inspector that reads a management URL when none is named: {@code dispatch} for AMQP management (amqp,
     * amqps), {@code artemis} for Jolokia over HTTP (http, https).
     *
     * @throws IllegalArgumentException for any other scheme, saying which are known
     */
    public static String forUrl(ManagementUrl url) {
        return switch (url.scheme()) {
            case "amqp", "amqps" -> DispatchInspector.NAME;
            case "http", "https" -> ArtemisInspector.NAME;
            default -> throw new IllegalArgumentException("no inspector reads " + url.redacted() + ": MANAGEMENT_"
                    + "INTERFACE is amqp://router:5672 (dispatch) or http://user:password@broker:8161/console/jolokia"
                    + " (artemis)");
        };
    }

    /**
     * Creates the inspector of the given name for the URL.
     *
     * @throws IllegalArgumentException with a message saying what is known or expected, when the name is unknown
     *     or the URL is not one that inspector can use
     */
    public static Inspector create(String name, ManagementUrl url, Duration requestTimeout) {
        String key = name.trim().toLowerCase(Locale.ROOT);
        return switch (key) {
            case ArtemisInspector.NAME -> {
                if (!url.scheme().equals("http") && !url.scheme().equals("https")) {
                    throw new IllegalArgumentException("the artemis inspector reads the broker's Jolokia over "
                            + "HTTP: set MANAGEMENT_INTERFACE to a URL such as "
                            + "http://user:password@broker:8161/console/jolokia, not " + url.redacted());
                }
                yield new ArtemisInspector(url, requestTimeout);
            }
            case DispatchInspector.NAME -> {
                if (!url.scheme().equals("amqp") && !url.scheme().equals("amqps")) {
                    throw new IllegalArgumentException("the dispatch inspector speaks AMQP management to the "
                            + "router: set MANAGEMENT_INTERFACE to a URL such as amqp://router:5672, not "
                            + url.redacted());
                }
                yield new DispatchInspector(url, requestTimeout);
            }
            default -> throw new IllegalArgumentException("unknown inspector '" + name + "': known inspectors are "
                    + "artemis (an ActiveMQ Artemis broker, through its Jolokia agent) and dispatch (a Qpid "
                    + "Dispatch router, through AMQP management)");
        };
    }
}
