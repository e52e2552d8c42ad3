package org.maestro.dist;

import static com.lesfurets.jenkins.unit.MethodSignature.method;

import com.lesfurets.jenkins.unit.BasePipelineTest;
import com.lesfurets.jenkins.unit.MethodCall;
import groovy.lang.Closure;
import groovy.lang.GroovyObjectSupport;
import groovy.lang.MissingPropertyException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.codehaus.groovy.runtime.typehandling.DefaultTypeTransformation;
import org.maestro.dist.JenkinsBuild.Result;
import org.maestro.dist.JenkinsBuild.StageStatus;

/**
 * Runs a declarative Jenkinsfile under JenkinsPipelineUnit the way Jenkins runs it: the build parameters over the
 * file's defaults, then the environment block, then the stages in order (a stage whose {@code when} expression is false
 * is skipped; a failed step fails the build and skips the stages after it; {@code unstable} marks the build), then
 * {@code post}'s {@code always}. JenkinsPipelineUnit records every step; {@code sh} steps go to a {@link ShellStep}. A
 * directive or step this runner does not interpret fails the run rather than being ignored. One build per instance.
 */
final class JenkinsPipeline extends BasePipelineTest {
    private static final String POST = "post";
    /** The steps a build is made of (the directives around them are read, not recorded as steps). */
    private static final Set<String> STEPS =
            Set.of("sh", "script", "echo", "error", "unstable", "junit", "archiveArtifacts", "publishHTML");

    private final Path jenkinsfile;
    private final Map<String, String> nodeEnvironment;
    private final ShellStep shell;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private final List<JenkinsBuild.Step> steps = new ArrayList<>();
    private final Map<String, Object> currentBuild = new HashMap<>();
    private Map<String, List<Object[]>> declared;
    private Result result = Result.SUCCESS;
    private boolean built;

    /**
     * @param jenkinsfile the declarative pipeline
     * @param nodeEnvironment the environment of the node the build runs on, with WORKSPACE and Jenkins' other
     *     variables
     * @param shell what the sh steps do
     */
    JenkinsPipeline(Path jenkinsfile, Map<String, String> nodeEnvironment, ShellStep shell) {
        this.jenkinsfile = jenkinsfile.toAbsolutePath();
        this.nodeEnvironment = Map.copyOf(nodeEnvironment);
        this.shell = shell;
    }

    /** Builds once with these build parameters (the others keep the file's defaults). */
    JenkinsBuild build(Map<String, ?> buildParameters) throws Exception {
        if (built) {
            throw new IllegalStateException("a JenkinsPipeline builds once; make another for the next build");
        }
        built = true;
        setScriptRoots(new String[] {jenkinsfile.getParent().toString()});
        setImports(new HashMap<>()); // its default imports @NonCPS from groovy-cps, which is left out
        setUp();
        registerDirectives();
        registerSteps();
        environment.putAll(nodeEnvironment);
        bindEnvironment();
        currentBuild.put("result", result.name());
        getBinding().setVariable("currentBuild", currentBuild);

        Map<String, List<Object[]>> file = declarations(
                () -> runScript(loadScript(jenkinsfile.getFileName().toString())));
        requireOnly(file, Set.of("pipeline"), "the Jenkinsfile");
        Map<String, List<Object[]>> pipeline = declarations(closure(only(file, "pipeline")[0]));
        requireOnly(pipeline, Set.of("agent", "options", "parameters", "environment", "stages", "post"), "pipeline");
        for (String shown : List.of("agent", "options")) {
            for (Object[] section : pipeline.getOrDefault(shown, List.of())) {
                declarations(closure(section[0]));
            }
        }
        bindParameters(pipeline, buildParameters);
        for (Object[] block : pipeline.getOrDefault("environment", List.of())) {
            readEnvironment(closure(block[0]));
        }
        Map<String, StageStatus> stages = runStages(pipeline);
        for (Object[] post : pipeline.getOrDefault(POST, List.of())) {
            Map<String, List<Object[]>> conditions = declarations(closure(post[0]));
            requireOnly(conditions, Set.of("always"), "post");
            for (Object[] always : conditions.getOrDefault("always", List.of())) {
                runSteps(POST, closure(always[0]));
            }
        }
        return new JenkinsBuild(result, stages, List.copyOf(steps), Map.copyOf(environment));
    }

    private Map<String, StageStatus> runStages(Map<String, List<Object[]>> pipeline) {
        Map<String, StageStatus> statuses = new LinkedHashMap<>();
        Map<String, List<Object[]>> stages = declarations(closure(only(pipeline, "stages")[0]));
        requireOnly(stages, Set.of("stage"), "stages");
        boolean failed = false;
        for (Object[] stage : stages.get("stage")) {
            String name = (String) stage[0];
            Map<String, List<Object[]>> body = declarations(closure(stage[1]));
            requireOnly(body, Set.of("when", "steps"), "stage '" + name + "'");
            if (failed) {
                statuses.put(name, StageStatus.SKIPPED_AFTER_FAILURE);
            } else if (!when(body)) {
                statuses.put(name, StageStatus.SKIPPED_BY_WHEN);
            } else {
                boolean ran = runSteps(name, closure(only(body, "steps")[0]));
                statuses.put(name, ran ? StageStatus.RAN : StageStatus.FAILED);
                failed = !ran;
            }
        }
        return statuses;
    }

    /** True when every expression of the stage's when block holds (Groovy truth), or it has none. */
    private boolean when(Map<String, List<Object[]>> stage) {
        for (Object[] when : stage.getOrDefault("when", List.of())) {
            Map<String, List<Object[]>> conditions = declarations(closure(when[0]));
            requireOnly(conditions, Set.of("expression"), "when");
            for (Object[] expression : conditions.getOrDefault("expression", List.of())) {
                if (!DefaultTypeTransformation.castToBoolean(
                        closure(expression[0]).call())) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Runs a block of steps and records them under {@code stage}; false when a step failed (the build is then failed). */
    private boolean runSteps(String stage, Closure<?> block) {
        int from = getHelper().getCallStack().size();
        try {
            block.call();
            return true;
        } catch (RuntimeException e) {
            if (!(failureIn(e) instanceof StepFailure)) {
                throw e;
            }
            worsen(Result.FAILURE);
            return false;
        } finally {
            List<MethodCall> calls = getHelper().getCallStack();
            for (MethodCall call : calls.subList(from, calls.size())) {
                if (STEPS.contains(call.getMethodName())) {
                    steps.add(new JenkinsBuild.Step(
                            stage,
                            call.getMethodName(),
                            Arrays.asList(call.getArgs().clone())));
                }
            }
        }
    }

    private static Throwable failureIn(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (cause instanceof StepFailure) {
                return cause;
            }
        }
        return thrown;
    }

    /** The parameters block's defaults, overridden by the build's: bound as params and exported to the environment. */
    private void bindParameters(Map<String, List<Object[]>> pipeline, Map<String, ?> buildParameters) {
        Map<String, Object> params = new LinkedHashMap<>();
        for (Object[] block : pipeline.getOrDefault("parameters", List.of())) {
            Map<String, List<Object[]>> definitions = declarations(closure(block[0]));
            requireOnly(definitions, Set.of("string", "booleanParam"), "parameters");
            for (Map.Entry<String, List<Object[]>> kind : definitions.entrySet()) {
                Class<?> type = kind.getKey().equals("string") ? String.class : Boolean.class;
                for (Object[] definition : kind.getValue()) {
                    Map<?, ?> named = (Map<?, ?>) definition[0];
                    String name = (String) named.get("name");
                    Object value =
                            buildParameters.containsKey(name) ? buildParameters.get(name) : named.get("defaultValue");
                    if (!type.isInstance(value)) {
                        throw new IllegalArgumentException(
                                "parameter " + name + " is a " + kind.getKey() + ", not " + value);
                    }
                    params.put(name, type == String.class ? value.toString() : value);
                }
            }
        }
        for (String given : buildParameters.keySet()) {
            if (!params.containsKey(given)) {
                throw new IllegalArgumentException(
                        "build parameter " + given + " is not declared by the Jenkinsfile: " + params.keySet());
            }
        }
        getBinding().setVariable("params", Map.copyOf(params));
        params.forEach((name, value) -> environment.put(name, String.valueOf(value)));
        bindEnvironment();
    }

    /** Runs the environment block: its assignments go to the build's environment, its reads come from it. */
    private void readEnvironment(Closure<?> block) {
        Closure<?> reading = (Closure<?>) block.clone();
        reading.setDelegate(new EnvironmentBlock());
        reading.setResolveStrategy(Closure.DELEGATE_FIRST);
        reading.call();
        bindEnvironment();
    }

    /** Jenkins lets a pipeline read environment variables by their bare names, and as env.NAME. */
    private void bindEnvironment() {
        environment.forEach(getBinding()::setVariable);
        getBinding().setVariable("env", Map.copyOf(environment));
    }

    private void worsen(Result to) {
        result = result.worse(to);
        currentBuild.put("result", result.name());
    }

    private void registerDirectives() {
        declare("pipeline", Closure.class);
        declare("agent", Closure.class);
        declare("label", String.class);
        declare("options", Closure.class);
        declare("timeout", Map.class);
        declare("buildDiscarder", Object.class);
        declare("logRotator", Map.class);
        declare("disableConcurrentBuilds");
        declare("parameters", Closure.class);
        declare("string", Map.class);
        declare("booleanParam", Map.class);
        declare("environment", Closure.class);
        declare("stages", Closure.class);
        declare("stage", String.class, Closure.class);
        declare("when", Closure.class);
        declare("expression", Closure.class);
        declare("steps", Closure.class);
        declare("post", Closure.class);
        declare("always", Closure.class);
    }

    private void registerSteps() {
        step("sh", arguments -> sh((String) arguments[0]), String.class);
        step("sh", arguments -> sh((Map<?, ?>) arguments[0]), Map.class);
        step("script", arguments -> closure(arguments[0]).call(), Closure.class);
        step("echo", arguments -> null, String.class);
        step(
                "error",
                arguments -> {
                    throw new StepFailure(arguments[0].toString());
                },
                String.class);
        step(
                "unstable",
                arguments -> {
                    worsen(Result.UNSTABLE);
                    return null;
                },
                String.class);
        for (String publishing : List.of("junit", "archiveArtifacts", "publishHTML")) {
            step(publishing, arguments -> null, Map.class);
        }
    }

    private Object sh(String script) {
        int status = runShell(script);
        if (status != 0) {
            throw new StepFailure("script returned exit code " + status + ": " + script);
        }
        return null;
    }

    private Object sh(Map<?, ?> named) {
        if (!Set.of("script", "returnStatus").containsAll(named.keySet())) {
            throw new UnsupportedOperationException("sh with " + named.keySet() + " is not interpreted here");
        }
        if (Boolean.TRUE.equals(named.get("returnStatus"))) {
            return runShell(named.get("script").toString());
        }
        return sh(named.get("script").toString());
    }

    private int runShell(String script) {
        try {
            return shell.run(script, Map.copyOf(environment));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running sh '" + script + "'", e);
        }
    }

    /** Registers a directive: a call records its arguments in the block being read. */
    private void declare(String name, Class<?>... types) {
        getHelper().registerAllowedMethod(method(name, types), (Function<Object, Object>) given -> {
            if (declared == null) {
                throw new IllegalStateException(name + " outside of a block this runner reads");
            }
            declared.computeIfAbsent(name, key -> new ArrayList<>()).add(arguments(given, types.length));
            return null;
        });
    }

    private void step(String name, Function<Object[], Object> body, Class<?>... types) {
        getHelper().registerAllowedMethod(method(name, types), (Function<Object, Object>)
                given -> body.apply(arguments(given, types.length)));
    }

    /** JenkinsPipelineUnit hands a callback nothing, the one argument, or an array of them. */
    private static Object[] arguments(Object given, int count) {
        if (count == 0) {
            return new Object[0];
        }
        return count == 1 ? new Object[] {given} : (Object[]) given;
    }

    /** The directives that running {@code block} (a closure of the file, or the file itself) declared, by name. */
    private Map<String, List<Object[]>> declarations(Runnable block) {
        Map<String, List<Object[]>> outer = declared;
        declared = new LinkedHashMap<>();
        try {
            block.run();
            return declared;
        } finally {
            declared = outer;
        }
    }

    private static void requireOnly(Map<String, List<Object[]>> found, Set<String> interpreted, String where) {
        for (String name : found.keySet()) {
            if (!interpreted.contains(name)) {
                throw new UnsupportedOperationException(
                        "'" + name + "' in " + where + " is not interpreted here (only " + interpreted + ")");
            }
        }
    }

    private static Object[] only(Map<String, List<Object[]>> found, String name) {
        List<Object[]> all = found.getOrDefault(name, List.of());
        if (all.size() != 1) {
            throw new IllegalStateException("expected one '" + name + "' block, found " + all.size());
        }
        return all.get(0);
    }

    private static Closure<?> closure(Object argument) {
        return (Closure<?>) argument;
    }

    /** The delegate of the environment block: assignments set variables, reads find them (else the script's). */
    private final class EnvironmentBlock extends GroovyObjectSupport {
        @Override
        public void setProperty(String name, Object value) {
            environment.put(name, String.valueOf(value));
        }

        @Override
        public Object getProperty(String name) {
            if (!environment.containsKey(name)) {
                throw new MissingPropertyException(name, EnvironmentBlock.class);
            }
            return environment.get(name);
        }
    }

    /** A failed step (error, sh with a non-zero status): fails the build as Jenkins' AbortException does. */
    private static final class StepFailure extends RuntimeException {
        StepFailure(String message) {
            super(message);
        }
    }
}
