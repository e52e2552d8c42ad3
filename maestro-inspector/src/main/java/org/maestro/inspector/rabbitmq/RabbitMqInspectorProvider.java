package org.maestro.inspector.rabbitmq;

import java.time.Duration;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.DescribedInspectorProvider;
import org.maestro.inspector.Inspector;

/**
 * The {@code rabbitmq} inspector: a RabbitMQ broker through its management HTTP API. Claims
 * {@code rabbitmq+http(s)://} URLs and {@code http(s)://} URLs whose path ends in {@code /api}; any http(s) URL when
 * named.
 */
public final class RabbitMqInspectorProvider extends DescribedInspectorProvider {

    public RabbitMqInspectorProvider() {
        super(new Description(
                RabbitMqInspector.NAME,
                "a RabbitMQ broker, through its management HTTP API",
                "http://guest:guest@broker:15672/api"));
    }

    @Override
    public boolean claims(ManagementUrl url) {
        return url.hasScheme("rabbitmq+http") || isHttpApi(url);
    }

    @Override
    public Inspector create(ManagementUrl url, Duration requestTimeout) {
        if (!url.hasScheme("rabbitmq+http") && !url.hasScheme("http")) {
            throw unreadable(url, "reads the management HTTP API", exampleUrl() + " (plugin rabbitmq_management)");
        }
        return new RabbitMqInspector(url, requestTimeout);
    }
}
