package org.maestro.inspector.artemis;

import java.time.Duration;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.InspectorProvider;

/** The {@code artemis} inspector: an ActiveMQ Artemis broker through its Jolokia agent over HTTP. */
public final class ArtemisInspectorProvider implements InspectorProvider {

    @Override
    public String name() {
        return ArtemisInspector.NAME;
    }

    @Override
    public String description() {
        return "an ActiveMQ Artemis broker, through its Jolokia agent";
    }

    @Override
    public String exampleUrl() {
        return "http://user:password@broker:8161/console/jolokia";
    }

    /** Claims http and https URLs, except those whose path ends in {@code /api} (RabbitMQ's management API). */
    @Override
    public boolean claims(ManagementUrl url) {
        return isHttp(url) && !endsWithApi(url);
    }

    static boolean isHttp(ManagementUrl url) {
        return url.scheme().equals("http") || url.scheme().equals("https");
    }

    private static boolean endsWithApi(ManagementUrl url) {
        String path = url.address().getPath() == null ? "" : url.address().getPath();
        return path.endsWith("/api") || path.endsWith("/api/");
    }

    @Override
    public Inspector create(ManagementUrl url, Duration requestTimeout) {
        if (!isHttp(url)) {
            throw new IllegalArgumentException("the artemis inspector reads the broker's Jolokia over HTTP: set "
                    + "MANAGEMENT_INTERFACE to a URL such as " + exampleUrl() + ", not " + url.redacted());
        }
        return new ArtemisInspector(url, requestTimeout);
    }
}
