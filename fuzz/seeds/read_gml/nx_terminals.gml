graph [
  start "start"
  goal "goal"
  node [
    id 0
    label "start"
    start 1
    goal 0
  ]
  node [
    id 1
    label "x"
    start 0
    goal 0
  ]
  node [
    id 2
    label "y"
    start 0
    goal 0
  ]
  node [
    id 3
    label "goal"
    start 0
    goal 1
  ]
  node [
    id 4
    label "z"
    start 0
    goal 0
  ]
  node [
    id 5
    label "w"
    start 0
    goal 0
  ]
  node [
    id 6
    label "dead_end"
    start 0
    goal 0
  ]
  edge [
    source 0
    target 1
  ]
  edge [
    source 1
    target 2
  ]
  edge [
    source 1
    target 4
  ]
  edge [
    source 2
    target 3
  ]
  edge [
    source 2
    target 6
  ]
  edge [
    source 3
    target 5
  ]
  edge [
    source 4
    target 5
  ]
]
