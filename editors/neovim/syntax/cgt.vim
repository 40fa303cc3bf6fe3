" Colours for cgt files (a small subset of grammar/cgt.tmLanguage.json).
if exists('b:current_syntax')
  finish
endif

syn keyword cgtKeyword let is misere
syn keyword cgtOutcome L R P N win loss draw contained
syn match cgtIsOutcome "\<is\s\+\(L\|R\|P\|N\|win\|loss\|draw\)\>" contains=cgtKeyword,cgtOutcome
syn match cgtRuleset "\<\(boxes\|tree\|toppling\|domineering\|nim\|stones\|octal\|kayles\|dawson\|deque\|graph\|fair\)\ze\s*\["
syn match cgtFunction "\<\(outcome\|cf\|options\|birthday\|leftstop\|rightstop\|mean\|temp\|thermograph\|atomic\|grundy\|period\|diminished\|selective\|shortened\|conjunctive\|continued\)\ze\s*("
syn match cgtNumber "\<\d\+\(/\d\+\|\.\d\+\|x\d\+\)\?\>"
syn match cgtConstant "\*\d*\|\^\d*\|↑\+\|↓\+\|+-\|±"
syn match cgtBoxes "\<[BW_]\+\(\.[BW_]\+\)*\>"
syn match cgtOperator "==\|!=\|<=\|>=\|<>\|[≠≤≥|:]"
syn region cgtString start=+"+ end=+"+ oneline
syn match cgtComment "#.*$"

hi def link cgtKeyword Keyword
hi def link cgtOutcome Constant
hi def link cgtRuleset Type
hi def link cgtFunction Function
hi def link cgtNumber Number
hi def link cgtConstant Constant
hi def link cgtBoxes Constant
hi def link cgtOperator Operator
hi def link cgtString String
hi def link cgtComment Comment

let b:current_syntax = 'cgt'
