graph [
  directed 0
  weighted 1
  start "a&#38;b"
  goal "tab&#9;here"
  node [
    id 0
    label "a&#38;b"
  ]
  node [
    id 1
    label "it's"
  ]
  node [
    id 2
    label "quote&#34;s"
  ]
  node [
    id 3
    label "tab&#9;here"
  ]
  node [
    id 4
    label "x<y>"
  ]
  node [
    id 5
    label "&#233;&#128512;"
  ]
  edge [
    source 0
    target 4
    weight 1.5
  ]
  edge [
    source 1
    target 2
    weight 3.5
  ]
  edge [
    source 1
    target 5
    weight 4.5
  ]
  edge [
    source 2
    target 4
    weight 2.5
  ]
  edge [
    source 3
    target 5
    weight 5.5
  ]
]
