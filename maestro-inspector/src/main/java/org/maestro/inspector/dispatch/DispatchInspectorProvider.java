package org.maestro.inspector.dispatch;

import java.time.Duration;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.DescribedInspectorProvider;
import org.maestro.inspector.Inspector;

/** The {@code dispatch} inspector: a Qpid Dispatch router through AMQP management ({@code amqp}, {@code amqps}). */
public final class DispatchInspectorProvider extends DescribedInspectorProvider {

    public DispatchInspectorProvider() {
        super(new Description(
                DispatchInspector.NAME, "a Qpid Dispatch router, through AMQP management", "amqp://router:5672"));
    }

    @Override
    public boolean claims(ManagementUrl url) {
        return url.hasScheme("amqp");
    }

    @Override
    public Inspector create(ManagementUrl url, Duration requestTimeout) {
        if (!claims(url)) {
            throw unreadable(url, "speaks AMQP management to the router", exampleUrl());
        }
        return new DispatchInspector(url, requestTimeout);
    }
}
