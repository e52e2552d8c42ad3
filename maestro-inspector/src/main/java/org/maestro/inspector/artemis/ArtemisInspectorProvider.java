package org.maestro.inspector.artemis;

import java.time.Duration;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.DescribedInspectorProvider;
import org.maestro.inspector.Inspector;

/** The {@code artemis} inspector: an ActiveMQ Artemis broker through its Jolokia agent over HTTP. */
public final class ArtemisInspectorProvider extends DescribedInspectorProvider {

    public ArtemisInspectorProvider() {
        super(new Description(
                ArtemisInspector.NAME,
                "an ActiveMQ Artemis broker, through its Jolokia agent",
                "http://user:password@broker:8161/console/jolokia"));
    }

    /** Claims http and https URLs, except those whose path ends in {@code /api} (RabbitMQ's management API). */
    @Override
    public boolean claims(ManagementUrl url) {
        return url.hasScheme("http") && !isHttpApi(url);
    }

    @Override
    public Inspector create(ManagementUrl url, Duration requestTimeout) {
        if (!url.hasScheme("http")) {
            throw unreadable(url, "reads the broker's Jolokia over HTTP", exampleUrl());
        }
        return new ArtemisInspector(url, requestTimeout);
    }
}
