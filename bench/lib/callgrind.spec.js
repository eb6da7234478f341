import { describe, expect, it } from '@jest/globals';
import { inclusiveCostsOf, kindOf, ownCostsOf, perfMapNamer, upkeepOf } from './callgrind.js';

/** A dump as callgrind writes one: names compressed to `(id)` after their first use, and each call's inclusive cost after its `calls=` line. */
const DUMP = `# callgrind format
version: 1
positions: line
events: Ir
summary: 710

ob=(1) /usr/bin/node
fl=(1) ???
fn=(1) Builtins_LoadIC
0 300
cfn=(2) v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace, v8::internal::GarbageCollectionReason, v8::GCCallbackFlags)
calls=1 0
0 250
+2 40

fn=(2)
0 50
cfn=(3) v8::internal::MarkCompactCollector::ProcessMarkingWorklist(unsigned long, v8::internal::MarkCompactCollector::MarkingWorklistProcessingMode)
calls=3 0
0 200

fn=(3)
0 200

fn=(4) v8::internal::Runtime_CompileOptimized(int, unsigned long*, v8::internal::Isolate*)
0 10
cfn=(5) v8::internal::compiler::GraphReducer::ReduceTop()
calls=1 0
0 90
fn=(5)
* 90
fn=(6) 0x000000000d2cff40
0 20

totals: 710
`;

describe('upkeepOf', () => {
  it('counts each function\'s own instructions once, by what V8 spent them on', () => {
    // Own: LoadIC 340, CollectGarbage 50, the marking 200, Runtime_CompileOptimized 10, the reducer 90, JIT code 20.
    expect(upkeepOf(DUMP)).toEqual({ total: 710, compiling: 100, collecting: 250 });
  });
});

describe('ownCostsOf', () => {
  it('gives each function its own instructions, names uncompressed', () => {
    expect(ownCostsOf(DUMP)).toEqual(
      new Map([
        ['Builtins_LoadIC', 340],
        ['v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace, v8::internal::GarbageCollectionReason, v8::GCCallbackFlags)', 50],
        ['v8::internal::MarkCompactCollector::ProcessMarkingWorklist(unsigned long, v8::internal::MarkCompactCollector::MarkingWorklistProcessingMode)', 200],
        ['v8::internal::Runtime_CompileOptimized(int, unsigned long*, v8::internal::Isolate*)', 10],
        ['v8::internal::compiler::GraphReducer::ReduceTop()', 90],
        ['0x000000000d2cff40', 20],
      ]),
    );
  });
});

describe('inclusiveCostsOf', () => {
  it('gives each function its own instructions and those of the calls it made', () => {
    expect(inclusiveCostsOf(DUMP)).toEqual(
      new Map([
        ['Builtins_LoadIC', 590],
        ['v8::internal::Heap::CollectGarbage(v8::internal::AllocationSpace, v8::internal::GarbageCollectionReason, v8::GCCallbackFlags)', 250],
        ['v8::internal::MarkCompactCollector::ProcessMarkingWorklist(unsigned long, v8::internal::MarkCompactCollector::MarkingWorklistProcessingMode)', 200],
        ['v8::internal::Runtime_CompileOptimized(int, unsigned long*, v8::internal::Isolate*)', 100],
        ['v8::internal::compiler::GraphReducer::ReduceTop()', 90],
        ['0x000000000d2cff40', 20],
      ]),
    );
  });
});

describe('perfMapNamer', () => {
  const name = perfMapNamer(
    ['d2cff00 80 JS:*promiseInitHook node:internal/async_hooks:320:25', 'd2d0000 40 JS:~parse pg-protocol/dist/parser.js:26:10', 'd2d0000 60 JS:*parse pg-protocol/dist/parser.js:26:10', ''].join('\n'),
  );

  it('names JIT code by the code that covers its address, the latest made there', () => {
    expect(name('0x000000000d2cff40')).toBe('JS:*promiseInitHook node:internal/async_hooks:320:25');
    expect(name('0x000000000d2d0010')).toBe('JS:*parse pg-protocol/dist/parser.js:26:10');
  });

  it('keeps other names, and addresses no code covers', () => {
    expect(name('Builtins_LoadIC')).toBe('Builtins_LoadIC');
    expect(name('0x000000000d2cff80')).toBe('0x000000000d2cff80');
    expect(name('0x0000000000001000')).toBe('0x0000000000001000');
  });
});

describe('kindOf', () => {
  it.each([
    ['v8::internal::compiler::Scheduler::ScheduleLate()', 'compiling'],
    ['v8::internal::maglev::MaglevGraphBuilder::BuildBody()', 'compiling'],
    ['v8::internal::baseline::BaselineCompiler::GenerateCode()', 'compiling'],
    ['v8::internal::Parser::ParseFunction(v8::internal::Isolate*)', 'compiling'],
    ['std::_Rb_tree<v8::internal::compiler::LiveRange*, v8::internal::compiler::LiveRange*>::_M_erase()', 'compiling'],
    ['v8::internal::Heap::Scavenge()', 'collecting'],
    ['v8::internal::IncrementalMarking::Step(double, v8::internal::StepOrigin)', 'collecting'],
    ['void v8::internal::BodyDescriptorBase::IteratePointers<v8::internal::MainMarkingVisitor<v8::internal::MarkingState> >()', 'collecting'],
    ['v8::internal::EvacuateNewSpaceVisitor::Visit(v8::internal::HeapObject, int)', 'collecting'],
    ['Builtins_KeyedLoadIC_Megamorphic', 'other'],
    ['v8::internal::Runtime_AllocateInYoungGeneration(int, unsigned long*, v8::internal::Isolate*)', 'other'],
    ['node::crypto::Hash::HashDigest(v8::FunctionCallbackInfo<v8::Value> const&)', 'other'],
    ['0x000000000d2cff40', 'other'],
  ])('%s: %s', (name, kind) => {
    expect(kindOf(name)).toBe(kind);
  });
});
