// hello [words…]: shows what a handler receives; try it first.
println "hello from ${action.name()} (action ${action.actionId()}), args: ${args}"
log.info('test {} iteration {}', options.testName(), options.testIteration())
progress 'said hello'
return "greeted ${args.size()} words"
