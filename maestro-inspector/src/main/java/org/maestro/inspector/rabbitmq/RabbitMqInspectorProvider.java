package org.maestro.inspector.rabbitmq;

import java.time.Duration;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.Inspector;
import org.maestro.inspector.InspectorProvider;

/**
 * The {@code rabbitmq} inspector: a RabbitMQ broker through its management HTTP API. Claims
 * {@code rabbitmq+http(s)://} URLs and {@code http(s)://} URLs whose path ends in {@code /api}; any http(s) URL when
 * named.
 */
public final class RabbitMqInspectorProvider implements InspectorProvider {

    @Override
    public String name() {
        return RabbitMqInspector.NAME;
    }

    @Override
    public String description() {
        return "a RabbitMQ broker, through its management HTTP API";
    }

    @Override
    public String exampleUrl() {
        return "http://guest:guest@broker:15672/api";
    }

    @Override
    public boolean claims(ManagementUrl url) {
        if (url.scheme().equals("rabbitmq+http") || url.scheme().equals("rabbitmq+https")) {
            return true;
        }
        String path = url.address().getPath() == null ? "" : url.address().getPath();
        return (url.scheme().equals("http") || url.scheme().equals("https"))
                && (path.endsWith("/api") || path.endsWith("/api/"));
    }

    @Override
    public Inspector create(ManagementUrl url, Duration requestTimeout) {
        if (!url.scheme().matches("(rabbitmq\\+)?https?")) {
            throw new IllegalArgumentException("the rabbitmq inspector reads the management HTTP API: set "
                    + "MANAGEMENT_INTERFACE to a URL such as " + exampleUrl() + " (plugin rabbitmq_management), not "
                    + url.redacted());
        }
        return new RabbitMqInspector(url, requestTimeout);
    }
}
